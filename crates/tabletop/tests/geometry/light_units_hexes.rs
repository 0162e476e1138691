//! Light, distance units, hexes' radius and drift, grid points.

use tabletop::GeometryError;
use tabletop::area::GridPoint;
use tabletop::hex::{Direction, Hex};
use tabletop::light::{LightLevel, LightSource, level_at, level_at_distance, level_on_map};
use tabletop::map::{Cell, GridMap, Obstacle};
use tabletop::square::{Diagonals, Square};
use tabletop::units::{Scale, Unit};

#[test]
fn light_falls_off_bright_then_dim_and_the_brightest_source_wins() {
    assert_eq!(level_at_distance(4, 4, 4), LightLevel::Bright);
    assert_eq!(level_at_distance(4, 4, 5), LightLevel::Dim);
    assert_eq!(level_at_distance(4, 4, 8), LightLevel::Dim);
    assert_eq!(level_at_distance(4, 4, 9), LightLevel::Darkness);
    // No bright radius: its own square is still dimly lit.
    assert_eq!(level_at_distance(0, 1, 0), LightLevel::Dim);
    assert_eq!(level_at_distance(0, 0, 0), LightLevel::Darkness);
    let torch = LightSource {
        at: Square::new(0, 0),
        bright: 4,
        dim: 4,
    };
    let candle = LightSource {
        at: Square::new(10, 0),
        bright: 1,
        dim: 1,
    };
    let at = |x, y, rule| {
        level_at(
            Square::new(x, y),
            &[torch, candle],
            LightLevel::Darkness,
            rule,
        )
    };
    assert_eq!(at(9, 0, Diagonals::OneEach), LightLevel::Bright);
    assert_eq!(at(6, 0, Diagonals::OneEach), LightLevel::Dim);
    // Four diagonal steps: 4 squares one each, 6 alternating.
    assert_eq!(at(4, 4, Diagonals::OneEach), LightLevel::Bright);
    assert_eq!(at(4, 4, Diagonals::Alternating), LightLevel::Dim);
    assert_eq!(
        level_at(
            Square::new(50, 50),
            &[torch],
            LightLevel::Dim,
            Diagonals::OneEach
        ),
        LightLevel::Dim
    );
    // Behind a wall three squares tall the torch does not reach.
    let mut map = GridMap::new();
    for y in -1..=1 {
        map.set(
            Square::new(2, y),
            Cell {
                obstacle: Some(Obstacle::Wall),
                ..Cell::default()
            },
        );
    }
    let on = |x, y| {
        level_on_map(
            &map,
            Square::new(x, y),
            &[torch],
            LightLevel::Darkness,
            Diagonals::OneEach,
        )
    };
    assert_eq!(on(3, 0), LightLevel::Darkness);
    assert_eq!(on(1, 0), LightLevel::Bright);
    assert_eq!(on(3, 3), LightLevel::Bright);
}

#[test]
fn units_convert_exactly_on_whole_feet() {
    let s = Scale::default();
    assert_eq!(s.to_feet(6, Unit::Squares), Ok(30));
    assert_eq!(s.to_feet(2, Unit::Miles), Ok(10_560));
    assert_eq!(s.to_feet(1, Unit::Hexes), Ok(6 * 5280));
    assert_eq!(s.convert(22, Unit::Feet, Unit::Squares), Ok((4, 2)));
    assert_eq!(s.convert(100, Unit::Yards, Unit::Feet), Ok((300, 0)));
    assert_eq!(s.convert(30, Unit::Miles, Unit::Hexes), Ok((5, 0)));
    let crows = Scale {
        feet_per_square: 5,
        miles_per_hex: 5,
    };
    assert_eq!(crows.convert(3, Unit::Hexes, Unit::Miles), Ok((15, 0)));
    assert_eq!(
        s.to_feet(u64::MAX, Unit::Miles),
        Err(GeometryError::TooLong)
    );
    let broken = Scale {
        feet_per_square: 0,
        miles_per_hex: 6,
    };
    assert_eq!(
        broken.to_feet(1, Unit::Squares),
        Err(GeometryError::ZeroScale("squares"))
    );
    for u in Unit::ALL {
        assert_eq!(Unit::parse(u.name()), Ok(u));
    }
    assert_eq!(Unit::parse("ft"), Ok(Unit::Feet));
    assert!(Unit::parse("cubits").is_err());
}

#[test]
fn hexes_within_a_radius_and_drift() {
    let o = Hex::new(2, -1);
    for (r, n) in [(0u16, 1usize), (1, 7), (2, 19), (3, 37)] {
        let all = o.within(r);
        assert_eq!(all.len(), n, "radius {r}");
        assert!(all.iter().all(|h| o.distance(*h) <= u32::from(r)));
    }
    assert_eq!(Direction::nth_clockwise(0), Direction::North);
    assert_eq!(Direction::nth_clockwise(5), Direction::NorthWest);
    assert_eq!(Direction::nth_clockwise(6), Direction::North);
    for d in Direction::CLOCKWISE {
        assert_eq!(Direction::nth_clockwise(d.index()), d);
        assert_eq!(d.opposite().opposite(), d);
        assert_eq!(d.turned(1).turned(-1), d);
        assert_eq!(o.neighbour(d).neighbour(d.opposite()), o);
    }
    assert_eq!(Direction::North.turned(-1), Direction::NorthWest);
    let drifted = o.drift([Direction::North, Direction::SouthEast, Direction::SouthWest]);
    assert_eq!(drifted, o);
    assert_eq!(
        o.drift([Direction::South; 3]),
        o.toward(Direction::South, 3)
    );
}

#[test]
fn grid_points_read_whole_and_half_numbers() {
    assert_eq!(GridPoint::parse("2,3"), Ok(GridPoint::lattice(2, 3)));
    assert_eq!(
        GridPoint::parse("2.5, -1.5"),
        Ok(GridPoint { x2: 5, y2: -3 })
    );
    assert_eq!(GridPoint::parse("-0.5,0"), Ok(GridPoint { x2: -1, y2: 0 }));
    assert_eq!(GridPoint::parse("1.50,2.0"), Ok(GridPoint { x2: 3, y2: 4 }));
    assert_eq!(
        GridPoint::centre(Square::new(1, 1)),
        GridPoint { x2: 3, y2: 3 }
    );
    for p in ["2,3", "2.5,-1.5", "-0.5,0"] {
        assert_eq!(
            GridPoint::parse(p).expect("valid").to_string(),
            p.replace(' ', "")
        );
    }
    for bad in ["2", "2.25,1", "a,b", "2.,1", "9999999,0"] {
        assert!(GridPoint::parse(bad).is_err(), "{bad}");
    }
}
