//! A criterion measurement of the benchmark thread's CPU time instead of
//! wall-clock time: the development machine is shared, and under load the
//! wall clock counts other processes' time too. The Ludii peer
//! (scripts/peers) is timed on the same clock. Values are nanoseconds.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;

pub struct CpuTime;

#[cfg(target_os = "linux")]
fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is handed.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Elsewhere: the wall clock, as criterion's default.
#[cfg(not(target_os = "linux"))]
fn now_ns() -> u64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        now_ns()
    }

    fn end(&self, began: u64) -> u64 {
        now_ns().saturating_sub(began)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns (CPU)"),
            t if t < 1e6 => (1e-3, "us (CPU)"),
            t if t < 1e9 => (1e-6, "ms (CPU)"),
            _ => (1e-9, "s (CPU)"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let n = match throughput {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => *n,
        } as f64;
        // Per second of CPU time.
        let per_second = n * 1e9 / typical.max(1.0);
        let (factor, unit) = match per_second {
            p if p < 1e3 => (1.0, "elem/s"),
            p if p < 1e6 => (1e-3, "Kelem/s"),
            p if p < 1e9 => (1e-6, "Melem/s"),
            _ => (1e-9, "Gelem/s"),
        };
        values
            .iter_mut()
            .for_each(|v| *v = n * 1e9 / v.max(1.0) * factor);
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
