//! A tour of the layout algebra: computes and prints the worked examples of Cecka, *CuTe Layout
//! Representation and Algebra* (the section numbers in the titles below are that paper's), live,
//! including the compositions CuTe C++ gets wrong and this crate rejects. The swizzles are those
//! of Bhaskaracharya, Acharya, Hagedorn, Grover, *Modeling Layout Abstractions Using Integer Set
//! Relations*.
//!
//! Run with `cargo run --release --example tour`.

use cute::expr::eval;

/// One section of the tour: a title and the expressions it evaluates.
struct Section {
    title: &'static str,
    exprs: &'static [&'static str],
}

const TOUR: &[Section] = &[
    Section {
        title: "Layouts map coordinates to offsets (§2.4)",
        exprs: &[
            "size((4,(2,2)):(2,(1,8)))",
            "cosize((4,(2,2)):(2,(1,8)))",
            "eval((4,(2,2)):(2,(1,8)))",
            "eval((4,(2,2)):(2,(1,8)), (1,(1,0)))",
            "idx2crd(5, (4,(2,2)))",
        ],
    },
    Section {
        title: "Coalesce (§3.2)",
        exprs: &[
            "coalesce((2,(1,6)):(1,(6,2)))",
            "coalesce((2,(1,6)):(1,(6,2)), (1,1))",
            "coalesce(((4,3),5):((15,1),3))",
            "coalesce((4,(3,5)):(15,(1,3)), (1,1))",
        ],
    },
    Section {
        title: "Composition (§3.3.3)",
        exprs: &[
            "composition((4,6,8,10):(2,3,5,7), 6:12)",
            "composition(7:11, 3:4)",
            "composition(7:11, (3,5):(6,3))",
            "composition((4,2,8):(3,12,97), 3:3)",
            "composition((4,6,8):(2,3,5), 6:1)",
            "composition((4,2,8):(3,15,97), 3:3)",
        ],
    },
    Section {
        title: "Where CuTe C++ returns a wrong layout, and this crate names the condition",
        exprs: &[
            "composition((4,6,8):(2,3,5), 6:3)",
            "composition((6,2):(1,7), (3,2):(2,3))",
            "logical_product((2,2):(3,6), (2,4):(1,2))",
        ],
    },
    Section {
        title: "Thread-value partitioning (§3.3.4, Table 4)",
        exprs: &[
            "composition((8,8):(1,8), ((4,8),2):((16,1),8))",
            "composition((8,8):(8,1), ((4,8),2):((16,1),8))",
            "composition((8,8):(1,9), ((4,8),2):((16,1),8))",
            "composition(((4,2),(2,4)):((2,16),(1,8)), ((4,8),2):((16,1),8))",
        ],
    },
    Section {
        title: "Coordinate layouts: which (row, col) each thread and value touches (Table 4)",
        exprs: &[
            "make_identity_layout((8,8))",
            "composition(make_identity_layout((8,8)), ((4,8),2):((16,1),8))",
            "eval(((4,8),2):((2e1,e0),e1), 37)",
        ],
    },
    Section {
        title: "Inverses (§3.4, Tables 5 and 6)",
        exprs: &[
            "right_inverse((4,8):(8,1))",
            "right_inverse((3,7,5):(5,15,1))",
            "right_inverse((4,8):(1,5))",
            "left_inverse((4,8):(1,5))",
            "max_common_vector((4,8):(1,4), (4,8):(1,5))",
        ],
    },
    Section {
        title: "Complement (§3.5, Table 7)",
        exprs: &[
            "complement((4,8):(1,8))",
            "complement(((2,2),(2,4)):((0,2),(0,4)))",
            "complement(4:2, 24)",
        ],
    },
    Section {
        title: "Products (§3.5.1)",
        exprs: &[
            "logical_product((3,4):(4,1), (2,5):(1,2))",
            "logical_product((4,8):(20,2), (3,2):(2,1))",
            "blocked_product((3,4):(4,1), (2,5):(1,2))",
            "raked_product((3,4):(4,1), (2,5):(1,2))",
        ],
    },
    Section {
        title: "Divides (§3.5.2)",
        exprs: &[
            "logical_divide((8,16):(20,1), <4:1,8:2>)",
            "zipped_divide((8,16):(20,1), <4:1,8:2>)",
            "tiled_divide((8,16):(20,1), <4:1,8:2>)",
            "flat_divide((8,16):(20,1), <4:1,8:2>)",
        ],
    },
    Section {
        title: "Empty layouts (a 0 in a shape, as in CuTe)",
        exprs: &[
            "size((4,0):(1,4))",
            "cosize((4,0):(1,4))",
            "coalesce((4,0):(1,4))",
            "zipped_divide((0,12):(1,0), <8:1,8:1>)",
            "complement(4:1, 0)",
            "right_inverse((4,0):(1,4))",
            "composition((0,4):(1,1), 2:1)",
        ],
    },
    Section {
        title: "Swizzles (Bhaskaracharya et al.)",
        exprs: &["swizzle(1,0,1)", "swizzle_layout(2,0,2,(4,4):(4,1))"],
    },
];

fn main() {
    for section in TOUR {
        println!("## {}", section.title);
        for expr in section.exprs {
            match eval(expr) {
                Ok(v) => println!("  {expr}\n    = {v}"),
                Err(e) => println!("  {expr}\n    error: {e}"),
            }
        }
        println!();
    }
}
