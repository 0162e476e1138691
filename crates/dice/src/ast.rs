//! The syntax tree of a dice expression. Produced by [`crate::parse()`], consumed by the roller
//! ([`mod@crate::roll`]) and by the exact-odds engine ([`crate::odds`]).
//!
//! Semantics of one dice term `NdX<modifiers>` (documented in the crate docs too):
//! 1. each of the N dice is rolled;
//! 2. **reroll** (`r`, `ro`): while (or, for `ro`, once) the face matches, the die is rolled again;
//!    the replaced faces are kept in the result tree, marked rerolled;
//! 3. **explode** (`!`, `!>t`): a final face that matches adds one more die to the pool, which in
//!    turn goes through reroll and may explode again, up to [`crate::limits::MAX_EXPLODE_DEPTH`];
//! 4. **clamp** (`mi`, `ma`): every face in the pool is raised to at least / lowered to at most
//!    the bound (explosion is decided on the face before clamping);
//! 5. **keep/drop** (`kh`, `kl`, `dh`, `dl`): over the whole pool, extra dice included;
//! 6. the term's value is the sum of kept faces, or, with a success target (`>=8`), the number
//!    of kept faces that meet it.

use serde::{Deserialize, Serialize};

/// A parsed expression with its optional label (`2d10+2 [Agility]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Expression {
    pub root: Expr,
    pub label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Expr {
    /// An integer constant.
    Number { value: i64 },
    /// A dice term such as `4d6kh3` or `6d10>=8`.
    Dice(DiceTerm),
    /// Unary minus.
    Neg { expr: Box<Expr> },
    /// Binary arithmetic; `/` rounds down (towards negative infinity).
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// A parenthesised sub-expression (kept so the tree prints back as written).
    Group { expr: Box<Expr> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division rounding down (floor).
    Div,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceTerm {
    /// Number of dice (`N` in `NdX`; 1 when omitted).
    pub count: u32,
    pub sides: Sides,
    /// At most one of each kind after parsing, in the order written.
    pub modifiers: Vec<Modifier>,
    /// Success counting for pools (`6d10>=8`): the term's value is the number of kept dice
    /// whose face satisfies the comparison.
    pub success: Option<Compare>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "sides", rename_all = "snake_case")]
pub enum Sides {
    /// `dX`: faces 1..=X.
    Faces(u32),
    /// `d%`: faces 1..=100.
    Percent,
    /// `dF`: Fate die, faces -1, 0, +1.
    Fate,
}

impl Sides {
    /// Lowest face.
    pub fn min_face(self) -> i64 {
        match self {
            Sides::Faces(_) | Sides::Percent => 1,
            Sides::Fate => -1,
        }
    }
    /// Highest face.
    pub fn max_face(self) -> i64 {
        match self {
            Sides::Faces(n) => i64::from(n),
            Sides::Percent => 100,
            Sides::Fate => 1,
        }
    }
    /// Number of faces.
    pub fn face_count(self) -> u32 {
        match self {
            Sides::Faces(n) => n,
            Sides::Percent => 100,
            Sides::Fate => 3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CmpOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compare {
    pub op: CmpOp,
    pub value: i64,
}

impl Compare {
    pub fn matches(self, face: i64) -> bool {
        match self.op {
            CmpOp::Eq => face == self.value,
            CmpOp::Lt => face < self.value,
            CmpOp::Le => face <= self.value,
            CmpOp::Gt => face > self.value,
            CmpOp::Ge => face >= self.value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KeepDrop {
    KeepHighest,
    KeepLowest,
    DropHighest,
    DropLowest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Modifier {
    /// `kh3`, `kl`, `dh`, `dl2` (count defaults to 1).
    KeepDrop { which: KeepDrop, count: u32 },
    /// `r1` (= `r=1`), `r<3`, `ro>5`: reroll while (or once, `once`) the face matches.
    Reroll { cmp: Compare, once: bool },
    /// `!` (explode on the highest face) or `!>5`, `!=4`…
    Explode { cmp: Compare },
    /// `mi3`: faces below 3 count as 3.
    Min { value: i64 },
    /// `ma5`: faces above 5 count as 5.
    Max { value: i64 },
}

// ---------------------------------------------------------------------------------------------
// Canonical notation. `Display` prints an expression so that `parse` reads back the same tree:
// the count is always written (`1d20`), keep/drop always carries its count (`kh1`), a bare `!`
// stands for "explode on the highest face", `r2` for `r=2`, and there are no spaces except
// before the label.

use std::fmt;

impl fmt::Display for Sides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sides::Faces(n) => write!(f, "d{n}"),
            Sides::Percent => f.write_str("d%"),
            Sides::Fate => f.write_str("dF"),
        }
    }
}

impl fmt::Display for CmpOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CmpOp::Eq => "=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        })
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.op, self.value)
    }
}

impl fmt::Display for BinOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
        })
    }
}

impl BinOp {
    /// Binding strength: `*` and `/` bind tighter than `+` and `-`.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Add | BinOp::Sub => 1,
            BinOp::Mul | BinOp::Div => 2,
        }
    }
}

impl KeepDrop {
    /// The notation of the modifier (`kh`, `kl`, `dh`, `dl`).
    pub fn notation(self) -> &'static str {
        match self {
            KeepDrop::KeepHighest => "kh",
            KeepDrop::KeepLowest => "kl",
            KeepDrop::DropHighest => "dh",
            KeepDrop::DropLowest => "dl",
        }
    }
}

impl Modifier {
    /// Writes the modifier in canonical notation; `sides` decides whether an explosion on the
    /// highest face is written as a bare `!`.
    pub fn write(&self, f: &mut impl fmt::Write, sides: Sides) -> fmt::Result {
        match *self {
            Modifier::KeepDrop { which, count } => write!(f, "{}{count}", which.notation()),
            Modifier::Reroll { cmp, once } => {
                f.write_str(if once { "ro" } else { "r" })?;
                if cmp.op == CmpOp::Eq && cmp.value >= 0 {
                    write!(f, "{}", cmp.value)
                } else {
                    write!(f, "{cmp}")
                }
            }
            Modifier::Explode { cmp } => {
                if cmp.op == CmpOp::Eq && cmp.value == sides.max_face() {
                    f.write_str("!")
                } else {
                    write!(f, "!{cmp}")
                }
            }
            Modifier::Min { value } => write!(f, "mi{value}"),
            Modifier::Max { value } => write!(f, "ma{value}"),
        }
    }
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count, self.sides)?;
        for m in &self.modifiers {
            match m {
                // A bare `!` directly before a success target would take the target as its
                // own condition (`!>=8`), so spell the top face out then.
                Modifier::Explode { cmp } if self.success.is_some() => write!(f, "!{cmp}")?,
                _ => m.write(f, self.sides)?,
            }
        }
        if let Some(s) = self.success {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl Expr {
    /// The precedence of this node as an operand: atoms bind tightest.
    fn binding(&self) -> u8 {
        match self {
            Expr::Binary { op, .. } => op.precedence(),
            Expr::Number { value } if *value < 0 => 0,
            _ => 3,
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A negative constant only exists in trees built by hand; parenthesise it so that it
            // never glues onto an operator before it (`1--2`).
            Expr::Number { value } if *value < 0 => write!(f, "({value})"),
            Expr::Number { value } => write!(f, "{value}"),
            Expr::Dice(term) => write!(f, "{term}"),
            Expr::Neg { expr } => {
                if expr.binding() < 3 {
                    write!(f, "-({expr})")
                } else {
                    write!(f, "-{expr}")
                }
            }
            Expr::Group { expr } => write!(f, "({expr})"),
            Expr::Binary { op, lhs, rhs } => {
                // Trees from the parser carry explicit `Group`s, so these parentheses are only
                // added for hand-built trees, to keep the printed text meaning the same thing.
                let p = op.precedence();
                if lhs.binding() < p {
                    write!(f, "({lhs})")?;
                } else {
                    write!(f, "{lhs}")?;
                }
                write!(f, "{op}")?;
                if rhs.binding() <= p {
                    write!(f, "({rhs})")
                } else {
                    write!(f, "{rhs}")
                }
            }
        }
    }
}

impl fmt::Display for Expression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.root)?;
        if let Some(label) = &self.label {
            write!(f, " [{label}]")?;
        }
        Ok(())
    }
}

impl DiceTerm {
    /// The reroll modifier, if any: `(condition, once)`.
    pub fn reroll(&self) -> Option<(Compare, bool)> {
        self.modifiers.iter().find_map(|m| match *m {
            Modifier::Reroll { cmp, once } => Some((cmp, once)),
            _ => None,
        })
    }
    /// The explosion condition, if any.
    pub fn explode(&self) -> Option<Compare> {
        self.modifiers.iter().find_map(|m| match *m {
            Modifier::Explode { cmp } => Some(cmp),
            _ => None,
        })
    }
    /// The `mi` bound, if any.
    pub fn min(&self) -> Option<i64> {
        self.modifiers.iter().find_map(|m| match *m {
            Modifier::Min { value } => Some(value),
            _ => None,
        })
    }
    /// The `ma` bound, if any.
    pub fn max(&self) -> Option<i64> {
        self.modifiers.iter().find_map(|m| match *m {
            Modifier::Max { value } => Some(value),
            _ => None,
        })
    }
    /// The keep/drop modifier, if any.
    pub fn keep_drop(&self) -> Option<(KeepDrop, u32)> {
        self.modifiers.iter().find_map(|m| match *m {
            Modifier::KeepDrop { which, count } => Some((which, count)),
            _ => None,
        })
    }
    /// A term with no modifiers and no success target: its value is the plain sum.
    pub fn is_plain(&self) -> bool {
        self.modifiers.is_empty() && self.success.is_none()
    }
}
