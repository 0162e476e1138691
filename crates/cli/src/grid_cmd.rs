//! `delve grid …`: game-free grid geometry from the terminal (`tabletop`): distances, cover by
//! corners on a map file, and the squares an area covers.
//!
//! Squares are 5 feet; `x` grows to the east and `y` to the south. `--json` prints exactly one
//! JSON object: `distance` → `{"squares", "feet"}`, `cover` → `{"blocked_corners", "cover"}`,
//! `area` → `{"squares": [[x, y], …]}` (sorted by `x`, then `y`). The map file format is in
//! `delve help grid` and the README.

use crate::CliResult;
use serde_json::json;
use std::fmt::Write as _;
use tabletop::area::{self, Coverage, FEET_PER_SQUARE, GridPoint, Placement};
use tabletop::map::{GridMap, MapFile};
use tabletop::square::{Diagonals, Space, Square, distance_with};

/// Largest map file read, in bytes.
pub const MAX_MAP_BYTES: u64 = 16 << 20;

/// The map file format and the commands, for `delve help grid`.
pub const GRID_HELP: &str = "\
delve grid — tabletop geometry on 5-foot squares (x grows east, y south)

  delve grid distance --from X,Y --to X,Y [--diagonals one-each|alternating] [--json]
      Squares and feet between two squares. one-each (default): every diagonal step is one
      square; alternating: diagonal steps count 1, 2, 1, 2… (5 ft, 10 ft, …).

  delve grid cover --map FILE --from X,Y --to X,Y [--from-side N] [--to-side N] [--sight] [--json]
      Cover of the creature whose space starts at --to against the one at --from (spaces of
      N × N squares, default 1): from the best corner of the attacker's space, lines to the four
      corners of one square of the target's; blocked corners 0 → none, 1–2 → half,
      3–4 → three-quarters; no line at all → total. --sight counts what stops sight instead of
      what stops effects. JSON: {\"blocked_corners\": 2, \"cover\": \"half\"}.

  delve grid area --shape SHAPE --size FEET --origin X,Y [--toward X,Y] [--width FEET]
                  [--space N] [--coverage centre|half] [--include-origin] [--map FILE] [--json]
      The squares an area covers. Shapes in feet: cone (length), cube (side), cylinder and
      sphere (radius), line (length; --width, default 5), emanation (distance around the space
      of --space squares whose top-left square is --origin). Their origin and --toward are grid
      points: X,Y is the corner where squares meet at the top-left of square X,Y, and halves
      name the middle of an edge or a square's centre (2.5,3). --coverage centre (default): a
      square whose centre is in the shape; half: a square at least half inside. Square-native
      shapes (sizes in multiples of 5 ft, --origin and --toward are squares): aura (radius,
      around the --space block at --origin), square-cube (side, from the --origin square toward
      --toward), square-line (length, --width, toward --toward). With --map, a square counts
      only if a straight line from the origin to its centre passes no wall or window.
      JSON: {\"squares\": [[x, y], …]}.

Map file (JSON): every square not listed is open level ground.
  {\"cells\": [
    {\"x\": 3, \"y\": 0, \"obstacle\": \"wall\"},
    {\"x\": 3, \"y\": 1, \"obstacle\": \"window\"},
    {\"x\": 5, \"y\": 2, \"difficult\": true, \"elevation\": 1}
  ]}
  obstacle: wall (stops movement, effects and sight), window (movement and effects, not
  sight), screen (sight only). difficult (default false), elevation in squares (default 0).
  Unknown fields, a square listed twice, coordinates beyond ±1048576, more than 100000 squares
  or a file over 16 MiB are refused.
";

#[derive(clap::Args)]
pub struct GridArgs {
    #[command(subcommand)]
    command: GridCommand,
}

#[derive(clap::Subcommand)]
enum GridCommand {
    /// Squares and feet between two squares.
    Distance(DistanceArgs),
    /// Cover of a target against an attacker on a map file, by blocked corners.
    Cover(CoverArgs),
    /// The squares an area covers: cone, cube, cylinder, emanation, line, sphere, aura…
    Area(AreaArgs),
}

#[derive(clap::Args)]
struct DistanceArgs {
    /// A square, `X,Y`.
    #[arg(long, allow_hyphen_values = true)]
    from: String,
    /// A square, `X,Y`.
    #[arg(long, allow_hyphen_values = true)]
    to: String,
    /// How diagonal steps count: `one-each` (default) or `alternating` (5/10 ft).
    #[arg(long, default_value = "one-each")]
    diagonals: String,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct CoverArgs {
    /// The map file (JSON; see `delve help grid`).
    #[arg(long)]
    map: std::path::PathBuf,
    /// The attacker's square (the top-left one of its space), `X,Y`.
    #[arg(long, allow_hyphen_values = true)]
    from: String,
    /// The target's square (the top-left one of its space), `X,Y`.
    #[arg(long, allow_hyphen_values = true)]
    to: String,
    /// Side of the attacker's space in squares (1–4).
    #[arg(long, default_value_t = 1)]
    from_side: u8,
    /// Side of the target's space in squares (1–4).
    #[arg(long, default_value_t = 1)]
    to_side: u8,
    /// Count what stops sight (walls, screens) instead of what stops effects (walls, windows).
    #[arg(long)]
    sight: bool,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct AreaArgs {
    /// cone, cube, cylinder, emanation, line, sphere, aura, square-cube or square-line.
    #[arg(long)]
    shape: String,
    /// Size in feet: length, side, radius or distance.
    #[arg(long)]
    size: u32,
    /// The point of origin (`X,Y`, halves allowed), or the square of a square-native shape.
    #[arg(long, allow_hyphen_values = true)]
    origin: String,
    /// The point (or square) a cone, a cube or a line spreads toward.
    #[arg(long, allow_hyphen_values = true)]
    toward: Option<String>,
    /// A line's width in feet.
    #[arg(long, default_value_t = 5)]
    width: u32,
    /// Side in squares (1–4) of the space an emanation or an aura surrounds.
    #[arg(long, default_value_t = 1)]
    space: u8,
    /// Which squares count: `centre` (default) or `half`.
    #[arg(long, default_value = "centre")]
    coverage: String,
    /// The point of origin (an emanation's own space) is in the area.
    #[arg(long)]
    include_origin: bool,
    /// A map file: walls and windows stop the area.
    #[arg(long)]
    map: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

pub fn run(args: GridArgs) -> CliResult {
    let text = match args.command {
        GridCommand::Distance(a) => distance(a)?,
        GridCommand::Cover(a) => cover(a)?,
        GridCommand::Area(a) => area_cmd(a)?,
    };
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        // A closed pipe (`delve grid area … | head`) is not an error.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// A square `X,Y` (whole numbers within the map's coordinate limit).
fn square(what: &str, text: &str) -> Result<Square, String> {
    let bad = || format!("{what}: a square is X,Y with whole numbers, got {text:?}");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    for v in [x, y] {
        tabletop::map::check_coord("coordinate", v).map_err(|e| format!("{what}: {e}"))?;
    }
    Ok(Square::new(x, y))
}

fn side(what: &str, n: u8) -> Result<u8, String> {
    if (1..=4).contains(&n) {
        Ok(n)
    } else {
        Err(format!(
            "{what} must be 1…4 squares (the largest creature takes 4 × 4), got {n}"
        ))
    }
}

fn load_map(path: &std::path::Path) -> Result<GridMap, String> {
    use std::io::Read;
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("map {name}: {e}"))?;
    let mut text = String::new();
    file.take(MAX_MAP_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("map {name}: {e}"))?;
    if text.len() as u64 > MAX_MAP_BYTES {
        return Err(format!("map {name}: larger than {MAX_MAP_BYTES} bytes"));
    }
    let parsed: MapFile =
        serde_json::from_str(&text).map_err(|e| format!("map {name}: not a map file: {e}"))?;
    GridMap::try_from(parsed).map_err(|e| format!("map {name}: {e}"))
}

fn distance(a: DistanceArgs) -> Result<String, Box<dyn std::error::Error>> {
    let from = square("--from", &a.from)?;
    let to = square("--to", &a.to)?;
    let rule = match a.diagonals.as_str() {
        "one-each" | "one_each" => Diagonals::OneEach,
        "alternating" => Diagonals::Alternating,
        other => {
            return Err(format!("--diagonals is one-each or alternating, got {other:?}").into());
        }
    };
    let squares = distance_with(from, to, rule);
    let feet = u64::from(squares) * u64::from(FEET_PER_SQUARE);
    Ok(if a.json {
        format!("{}\n", json!({"squares": squares, "feet": feet}))
    } else {
        format!("{squares} squares ({feet} ft)\n")
    })
}

fn cover(a: CoverArgs) -> Result<String, Box<dyn std::error::Error>> {
    let map = load_map(&a.map)?;
    let attacker = Space::new(
        square("--from", &a.from)?,
        side("--from-side", a.from_side)?,
    );
    let target = Space::new(square("--to", &a.to)?, side("--to-side", a.to_side)?);
    let c = if a.sight {
        tabletop::line::corner_cover(&attacker, &target, &|s| map.blocks_sight(s))
    } else {
        map.cover(&attacker, &target)
    };
    Ok(if a.json {
        format!(
            "{}\n",
            json!({"blocked_corners": c.blocked_corners, "cover": c.cover.name()})
        )
    } else {
        format!(
            "{} cover ({} of 4 corners blocked)\n",
            c.cover.name(),
            c.blocked_corners
        )
    })
}

/// Whole squares in `feet` (a multiple of 5) for a square-native shape.
fn whole_squares(what: &str, feet: u32) -> Result<u8, String> {
    let n = feet / FEET_PER_SQUARE;
    if !feet.is_multiple_of(FEET_PER_SQUARE)
        || n == 0
        || feet > area::MAX_AREA_FT
        || n > u32::from(u8::MAX)
    {
        return Err(format!(
            "{what} of a square-native shape is a multiple of 5 feet, 5…{} ft, got {feet}",
            area::MAX_AREA_FT.min(u32::from(u8::MAX) * FEET_PER_SQUARE)
        ));
    }
    // n ≤ 255 checked above.
    Ok(u8::try_from(n).unwrap_or(u8::MAX))
}

fn area_cmd(a: AreaArgs) -> Result<String, Box<dyn std::error::Error>> {
    let coverage = match a.coverage.as_str() {
        "centre" | "center" => Coverage::Centre,
        "half" => Coverage::HalfOrMore,
        other => return Err(format!("--coverage is centre or half, got {other:?}").into()),
    };
    let space_side = side("--space", a.space)?;
    let toward_point = a.toward.as_deref().map(GridPoint::parse).transpose();
    // The origin as a point, and the squares.
    let (origin, mut squares) = match a.shape.as_str() {
        "aura" | "square-cube" | "square-line" => {
            let o = square("--origin", &a.origin)?;
            let n = whole_squares("--size", a.size)?;
            let step = |t: &Option<String>| -> Result<(i32, i32), Box<dyn std::error::Error>> {
                let t = t
                    .as_deref()
                    .ok_or("a square-cube or a square-line needs --toward X,Y")?;
                let t = square("--toward", t)?;
                Ok((t.x - o.x, t.y - o.y))
            };
            let sq = match a.shape.as_str() {
                "aura" => area::aura(&Space::new(o, space_side), n),
                "square-cube" => area::block(o, n, step(&a.toward)?),
                _ => {
                    let dir = step(&a.toward)?;
                    if dir == (0, 0) {
                        return Err(
                            "a square-line needs --toward a square other than --origin".into()
                        );
                    }
                    area::square_line(o, dir, n, whole_squares("--width", a.width)?)
                }
            };
            (GridPoint::centre(o), sq)
        }
        name => {
            let shape = match name {
                "cone" => area::Shape::Cone { length_ft: a.size },
                "cube" => area::Shape::Cube { side_ft: a.size },
                "cylinder" => area::Shape::Cylinder { radius_ft: a.size },
                "sphere" => area::Shape::Sphere { radius_ft: a.size },
                "line" => area::Shape::Line {
                    length_ft: a.size,
                    width_ft: a.width,
                },
                "emanation" => area::Shape::Emanation {
                    distance_ft: a.size,
                    space: Space::new(square("--origin", &a.origin)?, space_side),
                },
                other => {
                    return Err(format!(
                        "unknown --shape {other:?}; expected cone, cube, cylinder, emanation, \
line, sphere, aura, square-cube or square-line"
                    )
                    .into());
                }
            };
            let origin = if name == "emanation" {
                let o = square("--origin", &a.origin)?;
                GridPoint {
                    x2: 2 * o.x + i32::from(space_side),
                    y2: 2 * o.y + i32::from(space_side),
                }
            } else {
                GridPoint::parse(&a.origin).map_err(|e| format!("--origin: {e}"))?
            };
            let at = Placement {
                origin,
                toward: toward_point.map_err(|e| format!("--toward: {e}"))?,
                include_origin: a.include_origin,
            };
            (origin, area::covered(shape, at, coverage)?)
        }
    };
    if let Some(path) = &a.map {
        let map = load_map(path)?;
        squares = area::reached_from(origin, squares, &|s| map.blocks_effect(s));
    }
    squares.sort();
    if a.json {
        let list: Vec<[i32; 2]> = squares.iter().map(|s| [s.x, s.y]).collect();
        return Ok(format!("{}\n", json!({ "squares": list })));
    }
    Ok(render(&squares))
}

/// The count, then a picture (`#` covered, `.` not) when it fits 100 columns, else the list.
fn render(squares: &[Square]) -> String {
    let mut out = format!("{} squares\n", squares.len());
    let (Some(x0), Some(x1)) = (
        squares.iter().map(|s| s.x).min(),
        squares.iter().map(|s| s.x).max(),
    ) else {
        return out;
    };
    let y0 = squares.iter().map(|s| s.y).min().unwrap_or(0);
    let y1 = squares.iter().map(|s| s.y).max().unwrap_or(0);
    if i64::from(x1) - i64::from(x0) < 100 && i64::from(y1) - i64::from(y0) < 100 {
        let _ = writeln!(out, "x {x0}…{x1}, y {y0}…{y1}:");
        for y in y0..=y1 {
            let row: String = (x0..=x1)
                .map(|x| {
                    if squares.binary_search(&Square::new(x, y)).is_ok() {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            let _ = writeln!(out, "{row}");
        }
    } else {
        for s in squares {
            let _ = writeln!(out, "{},{}", s.x, s.y);
        }
    }
    out
}
