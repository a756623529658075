//! With `CUTE_FUZZ_SLOW_MS` set, an input that takes longer than that many milliseconds fails
//! (how `RELIABILITY.md` replays the corpus on a build without a sanitizer: `fuzz/run.sh --slow`).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Runs `f` on `what`, failing when it is slower than the limit.
pub(crate) fn timed(what: impl std::fmt::Debug, f: impl FnOnce()) {
    static LIMIT: OnceLock<Option<Duration>> = OnceLock::new();
    let limit = *LIMIT.get_or_init(|| {
        std::env::var("CUTE_FUZZ_SLOW_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .map(Duration::from_millis)
    });
    let start = Instant::now();
    f();
    if let Some(limit) = limit {
        let took = start.elapsed();
        assert!(took <= limit, "{what:?} took {took:?}, more than {limit:?}");
    }
}
