//! Morphisms against the worked examples of Carlisle, Shah, Stern, VanKoughnett, *Fundamentals of
//! CuTe Layout Algebra and Category-theoretic Interpretation*, and CuTe's layouts.

use super::*;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn morphism(s: &str) -> Morphism {
    s.parse().unwrap()
}

/// Pinned tractability cases.
#[test]
fn tractability_of_the_pinned_layouts() {
    for s in [
        "(4,6):(6,1)",
        "(4,6):(1,4)",
        "(8,8):(1,0)",
        "(5,5):(20,2)",
        "((2,3),(4,2)):((4,16),(1,8))",
        "((2,2),(2,2)):((8,1),(4,2))",
        "(8,8):(1,16)",
        "(128,128):(1,0)",
        "(3,7):(2,30)",
        "(2,2,2):(1,2,4)",
        "(4,8,4):(128,1,16)",
        "((4,2),(3,7)):((3,60),(1,0))",
        "(6,3):(21,7)",
        "(3,(2,4)):(0,(1,6))",
        "(4,1):(1,4)",
        "():()",
    ] {
        assert!(is_tractable(&layout(s)), "{s}");
    }
    for s in [
        "(4,6):(1,5)",
        "(2,3,2,3):(12,6,1,2)",
        "(2,2,2):(1,7,4)",
        "(2,2):(1,3)",
        "(2,2):(8,12)",
        "(2,2):(1,1)",
        "(2,2):(63,7)",
        "(1,4):(3,1)",
        "(2,2):(-1,2)",
    ] {
        assert_eq!(
            tractability(&layout(s)).unwrap_err().code(),
            "not_tractable",
            "{s}"
        );
    }
}

/// Pinned standard forms, and their layouts back.
#[test]
fn standard_forms_of_the_pinned_layouts() {
    for (l, f) in [
        ("(4,6):(1,4)", "(4,6)-[1,2]->(4,6)"),
        ("(4,6):(6,1)", "(4,6)-[2,1]->(6,4)"),
        ("(6,4):(1,12)", "(6,4)-[1,3]->(6,2,4)"),
        ("(8,8,3):(1,8,0)", "(8,8,3)-[1,2,*]->(8,8)"),
        ("(12,4):(4,1)", "(12,4)-[2,1]->(4,12)"),
        ("(12,3,6):(1,72,12)", "(12,3,6)-[1,3,2]->(12,6,3)"),
        (
            "((4,8),(2,2)):((32,1),(16,8))",
            "((4,8),(2,2))-[4,1,3,2]->(8,2,2,4)",
        ),
        (
            "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))",
            "((4,8,4),(2,2,8))-[5,1,3,4,2,6]->(8,2,4,2,4,8)",
        ),
        ("(4,8,4):(128,1,16)", "(4,8,4)-[5,1,3]->(8,2,4,2,4)"),
        (
            "((4,2),(3,7)):((3,60),(1,0))",
            "((4,2),(3,7))-[2,4,1,*]->(3,4,5,2)",
        ),
        ("(4):(3)", "(4)-[2]->(3,4)"),
        ("4:3", "4-[2]->(3,4)"),
        ("(4,3):(0,0)", "(4,3)-[*,*]->()"),
        ("(4,1):(1,4)", "(4,1)-[1,2]->(4,1)"),
    ] {
        let m = to_morphism(&layout(l)).unwrap();
        assert_eq!(m.to_string(), f, "{l}");
        assert_eq!(m.layout().unwrap().to_string(), l, "{f}");
        assert_eq!(morphism(f), m);
    }
}

/// The layouts of the paper's example morphisms.
#[test]
fn layouts_of_morphisms() {
    for (f, l) in [
        ("(4,6)-[1,2]->(4,6)", "(4,6):(1,4)"),
        ("(4,6)-[2,1]->(6,4)", "(4,6):(6,1)"),
        ("(6,4)-[1,3]->(6,2,4)", "(6,4):(1,12)"),
        ("(8,8,3)-[1,2,*]->(8,8)", "(8,8,3):(1,8,0)"),
        ("()-[]->(3,4)", "():()"),
    ] {
        assert_eq!(morphism(f).layout().unwrap().to_string(), l, "{f}");
    }
}

#[test]
fn invalid_morphisms_name_the_entry() {
    for (s, why) in [
        (
            "(4,6)-[1,1]->(4,6)",
            "two entries map to one codomain entry",
        ),
        ("(4,6)-[2,1]->(4,6)", "another size"),
        ("(4,6)-[1,3]->(4,6)", "past the codomain"),
        ("(4,6)-[1]->(4,6)", "one entry per domain entry"),
        ("(0,6)-[*,2]->(4,6)", "not positive"),
    ] {
        let e = s.parse::<Morphism>().unwrap_err();
        assert_eq!(e.code(), "invalid_morphism", "{s}");
        assert!(e.to_string().contains(why), "{s}: {e}");
        assert!(e.to_string().contains(s), "{s}: {e}");
    }
}

#[test]
fn composition_needs_equal_objects_and_agrees_with_layouts() {
    let (g, f) = (
        morphism("(6,4)-[1,3]->(6,2,4)"),
        morphism("(4,6)-[2,1]->(6,4)"),
    );
    let gf = compose_morphisms(&g, &f).unwrap();
    assert_eq!(gf.to_string(), "(4,6)-[3,1]->(6,2,4)");
    let lgf = crate::composition(&g.layout().unwrap(), &f.layout().unwrap()).unwrap();
    assert_eq!(gf.layout().unwrap(), lgf);
    // The same entries nested otherwise are another object.
    let e = compose_morphisms(&morphism("((6,4))-[1,2]->(6,4)"), &f).unwrap_err();
    assert_eq!(e.code(), "not_composable");
    // `*` absorbs.
    let h = compose_morphisms(
        &morphism("(8,8)-[*,1]->(8)"),
        &morphism("(8,8,3)-[1,2,*]->(8,8)"),
    )
    .unwrap();
    assert_eq!(h.to_string(), "(8,8,3)-[*,1,*]->(8)");
}

/// The pinned complement, concatenation and coalesce cases, with the layouts'
/// theorems.
#[test]
fn complement_concat_and_coalesce() {
    let f = morphism("(2,2)-[1,3]->(2,5,2,5)");
    let c = morphism_complement(&f).unwrap();
    assert_eq!(c.to_string(), "(5,5)-[2,4]->(2,5,2,5)");
    let want = crate::complement(&f.layout().unwrap(), &IntTuple::int(100)).unwrap();
    assert_eq!(crate::coalesce(&c.layout().unwrap()).unwrap(), want);
    assert_eq!(
        morphism_complement(&morphism("(8,3)-[1,*]->(8)"))
            .unwrap_err()
            .code(),
        "not_complementable"
    );
    assert_eq!(
        morphism_complement(&morphism("(4,6)-[2,1]->(6,4)"))
            .unwrap()
            .to_string(),
        "()-[]->(6,4)"
    );
    let fc = morphism_concat(&f, &c).unwrap();
    assert_eq!(fc.to_string(), "((2,2),(5,5))-[1,3,2,4]->(2,5,2,5)");
    assert_eq!(
        fc.layout().unwrap().to_string(),
        "((2,2),(5,5)):((1,10),(2,20))"
    );
    assert_eq!(
        morphism_concat(&f, &f).unwrap_err().code(),
        "not_concatenable"
    );
    for (f, g) in [
        (
            "(2,2,10,10)-[1,2,4,5]->(2,2,2,10,10)",
            "(4,100)-[1,3]->(4,2,100)",
        ),
        ("((2,4),(8,3))-[1,2,3,4]->(2,4,8,3,5)", "192-[1]->(192,5)"),
        ("((2,2,2),2)-[4,1,2,3]->(2,2,2,2)", "(2,8)-[2,1]->(8,2)"),
        ("(1,1)-[*,*]->(3)", "1-[*]->(3)"),
    ] {
        let m = morphism(f);
        let k = morphism_coalesce(&m).unwrap();
        assert_eq!(k.to_string(), g, "{f}");
        let l = crate::coalesce(&m.layout().unwrap()).unwrap();
        assert_eq!(k.layout().unwrap(), l, "{f}");
    }
}

/// The pinned divide and product, and the theorems on their layouts.
#[test]
fn divide_and_product() {
    let (f, g) = (
        morphism("(4,8,4,8)-[1,2,3,4]->(4,8,4,8)"),
        morphism("(4,4)-[1,3]->(4,8,4,8)"),
    );
    let q = morphism_divide(&f, &g).unwrap();
    assert_eq!(q.to_string(), "((4,4),(8,8))-[1,3,2,4]->(4,8,4,8)");
    let tiler = g.layout().unwrap();
    let want = crate::logical_divide(&f.layout().unwrap(), crate::Tile::Layout(tiler));
    assert_eq!(
        crate::coalesce(&q.layout().unwrap()).unwrap(),
        crate::coalesce(&want.unwrap()).unwrap()
    );
    assert_eq!(morphism_divide(&g, &f).unwrap_err().code(), "not_divisible");
    let (f, g) = (
        morphism("(2,2)-[1,2]->(2,2,5,5)"),
        morphism("(5,5)-[2,1]->(5,5)"),
    );
    let p = morphism_product(&f, &g).unwrap();
    assert_eq!(p.to_string(), "((2,2),(5,5))-[1,2,4,3]->(2,2,5,5)");
    let want = crate::logical_product(
        &f.layout().unwrap(),
        crate::Tile::Layout(g.layout().unwrap()),
    );
    assert_eq!(p.layout().unwrap(), want.unwrap());
    assert_eq!(
        morphism_product(&f, &f).unwrap_err().code(),
        "not_product_admissible"
    );
}

#[test]
fn standard_form_predicate() {
    assert!(morphism("(6,4)-[1,3]->(6,2,4)").is_standard_form());
    assert!(!morphism("(6,4)-[1,4]->(6,2,1,4)").is_standard_form()); // an unhit 1
    assert!(!morphism("(6,4)-[1,2]->(6,4,2)").is_standard_form()); // unhit last
    assert!(!morphism("(6,4)-[1,4]->(6,2,3,4)").is_standard_form()); // two unhit
    assert!(!morphism("(6,4)-[1,2]->(6,(4))").is_standard_form()); // nested codomain
    assert!(morphism("(4,3)-[*,*]->()").is_standard_form());
}

#[test]
fn mutual_refinements_of_the_spec() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    for (a, b, want) in [
        ("(6,6)", "(2,6,6)", "((2,3),(2,3)) (2,(3,2),(3,2))"),
        ("(6,6)", "(12,3,6)", "(6,(2,3)) ((6,2),3,6)"),
        ("(5,6,2,6)", "(10,360)", "(5,(2,3),2,6) ((5,2),(3,2,6,10))"),
        ("(6,4)", "(12,4)", "(6,(2,2)) ((6,2),(2,2))"),
        ("(4)", "(8)", "(4) ((4,2))"),
        ("4", "(4,5)", "4 (4,5)"),
        ("(12,1)", "(12)", "(12,1) ((12,1))"),
    ] {
        let (x, y) = mutual_refinement(&t(a), &t(b)).unwrap();
        assert_eq!(format!("{x} {y}"), want, "{a}, {b}");
        // `flatten(T')` is a prefix of `flatten(U')`, and each refines its tuple.
        assert!(y.leaves().starts_with(x.leaves()), "{a}, {b}");
        assert_eq!(x.product(), t(a).product());
        assert_eq!(y.product(), t(b).product());
    }
    for (a, b, why) in [
        ("(3,4)", "(6,3)", "2 and 3 do not divide each other"),
        (
            "(4,4)",
            "(8)",
            "the size 16 of the first tuple exceeds the size 8 of the second",
        ),
    ] {
        let e = mutual_refinement(&t(a), &t(b)).unwrap_err();
        assert_eq!(e.code(), "not_mutually_refinable");
        assert_eq!(
            e.to_string(),
            format!("mutual_refinement({a}, {b}): not mutually refinable: {why}")
        );
    }
}

/// Pullback and pushforward, and what is not a refinement.
#[test]
fn pullback_and_pushforward() {
    let t = |s: &str| s.parse::<IntTuple>().unwrap();
    let f = morphism("(6,4)-[2,1]->(4,6)");
    let p = morphism_pullback(&f, &t("((2,2),(2,3))")).unwrap();
    assert_eq!(p.to_string(), "((2,3),(2,2))-[3,4,1,2]->((2,2),(2,3))");
    // A `*` entry stays; an unrefined entry stays an integer.
    let f = morphism("(4,3)-[2,*]->(2,4)");
    let p = morphism_pullback(&f, &t("(2,(2,2))")).unwrap();
    assert_eq!(p.to_string(), "((2,2),3)-[2,3,*]->(2,(2,2))");
    let g = morphism("(6,4)-[2,1]->(4,6,2)");
    let q = morphism_pushforward(&g, &t("((3,2),4)")).unwrap();
    assert_eq!(q.to_string(), "((3,2),4)-[2,3,1]->(4,(3,2),2)");
    // An entry sent to `*` sends all its pieces there; the codomain keeps it.
    let g = morphism("(6,4)-[*,1]->(4,3)");
    let q = morphism_pushforward(&g, &t("((3,2),(2,2))")).unwrap();
    assert_eq!(q.to_string(), "((3,2),(2,2))-[*,*,1,2]->((2,2),3)");
    for (refined, why) in [
        (
            "((2,2),(2,2))",
            "entry 2 has size 6, its mode in the refinement 4",
        ),
        ("((2,2),6,1)", "the nesting differs at entry 1"),
        (
            "(4,(-2,-3))",
            "the mode of entry 2 (size 6) holds a negative entry",
        ),
    ] {
        let f = morphism("(6,4)-[2,1]->(4,6)");
        let e = morphism_pullback(&f, &t(refined)).unwrap_err();
        assert_eq!(e.code(), "not_a_refinement", "{refined}");
        assert!(e.to_string().contains(why), "{refined}: {e}");
    }
    // Pieces of size 1 refine too.
    let p = morphism_pullback(&morphism("(6,4)-[2,1]->(4,6)"), &t("(4,(6,1))")).unwrap();
    assert_eq!(p.to_string(), "((6,1),4)-[2,3,1]->(4,(6,1))");
}

/// The weak composite, and `g ∘ f` when the objects already meet.
#[test]
fn weak_composites() {
    let w = weak_composite(
        &morphism("(2,6,6)-[2,1,3]->(6,2,6)"),
        &morphism("(6,6)-[2,1]->(6,6)"),
    )
    .unwrap();
    assert_eq!(w.to_string(), "((2,3),(2,3))-[2,4,3,1]->((3,2),2,(3,2))");
    let (f, g) = (
        morphism("(4,6)-[2,1]->(6,4)"),
        morphism("(6,4)-[2,1]->(4,6)"),
    );
    assert_eq!(
        weak_composite(&g, &f).unwrap(),
        compose_morphisms(&g, &f).unwrap()
    );
    let e = weak_composite(
        &morphism("(6,3)-[1,2]->(6,3)"),
        &morphism("(3,4)-[1,2]->(3,4)"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "weak_composite: mutual_refinement((3,4), (6,3)): not mutually refinable: 2 and 3 do not \
         divide each other"
    );
}

/// Both worked examples of the composition algorithm (Carlisle et al. §5), step by step, then
/// further pinned compositions and rejections.
#[test]
fn composition_via_morphisms_of_the_spec() {
    for (a, b, steps, want) in [
        (
            "(4,6):(6,1)",
            "(12,4):(4,1)",
            [
                "(4,6)-[2,1]->(6,4)",
                "(12,4)-[2,1]->(4,12)",
                "(6,(2,2)) ((6,2),(2,2))",
                "((2,2),6)-[2,3,1]->(6,(2,2))",
                "((6,2),(2,2))-[3,4,1,2]->((2,2),(6,2))",
                "((2,2),6)-[4,1,3]->((2,2),(6,2))",
            ],
            "((2,2),6):((24,1),4)",
        ),
        (
            "(6,6):(6,1)",
            "(12,3,6):(1,72,12)",
            [
                "(6,6)-[2,1]->(6,6)",
                "(12,3,6)-[1,3,2]->(12,6,3)",
                "(6,(2,3)) ((6,2),3,6)",
                "((2,3),6)-[2,3,1]->(6,(2,3))",
                "((6,2),3,6)-[1,2,4,3]->((6,2),6,3)",
                "((2,3),6)-[2,4,1]->((6,2),6,3)",
            ],
            "((2,3),6):((6,72),1)",
        ),
    ] {
        let f = to_morphism(&layout(a)).unwrap();
        let g = to_morphism(&crate::coalesce(&layout(b)).unwrap()).unwrap();
        let (tr, ur) = mutual_refinement(f.codomain(), g.domain()).unwrap();
        let f1 = morphism_pullback(&f, &tr).unwrap();
        let g1 = morphism_pushforward(&g, &ur).unwrap();
        let w = weak_composite(&g, &f).unwrap();
        let got = [
            f.to_string(),
            g.to_string(),
            format!("{tr} {ur}"),
            f1.to_string(),
            g1.to_string(),
            w.to_string(),
        ];
        assert_eq!(got, steps.map(str::to_owned), "{b} ∘ {a}");
        assert_eq!(
            composition_via_morphisms(&layout(b), &layout(a))
                .unwrap()
                .to_string(),
            want
        );
    }
    for (b, a, want) in [
        ("(4,2,6):(2,1,8)", "(4,6):(1,8)", "(4,6):(2,8)"),
        (
            "(2,2,4,4):(1,2,12,48)",
            "((4,2),(2,4)):((4,1),(2,16))",
            "((4,2),(2,4)):((12,1),(2,48))",
        ),
        (
            "(8,64):(64,1)",
            "((4,4),4):((16,1),4)",
            "((4,4),(2,2)):((2,64),(256,1))",
        ),
        ("(8,8):(8,1)", "((4,8),2):((16,1),8)", "((4,8),2):((2,8),1)"),
    ] {
        let r = composition_via_morphisms(&layout(b), &layout(a)).unwrap();
        assert_eq!(r.to_string(), want, "{b} ∘ {a}");
        assert_eq!(r, crate::composition(&layout(b), &layout(a)).unwrap());
    }
    for (b, a, code) in [
        // A not tractable.
        ("12:1", "(2,2):(1,3)", "not_tractable"),
        ("(4,6):(1,8)", "(2,2):(8,12)", "not_tractable"),
        ("(6,2):(1,7)", "(3,2):(2,3)", "not_tractable"),
        // coalesce(B) not tractable.
        ("((7,5),5):((6,42),1)", "(2,2):(2,1)", "not_tractable"),
        ("(4,2,8):(3,12,97)", "3:3", "not_tractable"),
        ("(4,6,8):(2,3,5)", "6:3", "not_tractable"),
        // A ragged end, A past B, and a pair CuTe's walk gets wrong.
        ("(6,3):(21,7)", "4:3", "not_mutually_refinable"),
        ("128:1", "3:1", "not_mutually_refinable"),
        ("(8,6):(1,8)", "(5,5):(5,1)", "not_mutually_refinable"),
        ("(4,5,3):(15,3,1)", "(8):(1)", "not_mutually_refinable"),
        ("4:1", "8:1", "not_mutually_refinable"),
        (
            "(3,5,6,3):(30,6,1,90)",
            "((2,2)):((2,1))",
            "not_mutually_refinable",
        ),
    ] {
        let e = composition_via_morphisms(&layout(b), &layout(a)).unwrap_err();
        assert_eq!(e.code(), code, "{b} ∘ {a}: {e}");
        assert!(
            e.to_string().starts_with("composition_via_morphisms: "),
            "{e}"
        );
    }
}
