//! Page and board image latency under an open-loop load on loopback: 200
//! requests a second for a few seconds to `/g/<id>` and to its PNGs (each
//! request timed from the moment it was due, so a slow answer delays no
//! later request's clock), then the median, the 99th percentile and the
//! process's memory. Bounded: 200 × `CAIRN_WEB_LOAD_SECONDS` (default 5)
//! requests per kind, to 127.0.0.1 only.
//!
//! `cargo bench -p cairn-web --bench load`

#[path = "../tests/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

const RATE: u64 = 200;

/// One GET over a fresh connection: the status line's code.
async fn get(addr: SocketAddr, path: &str) -> std::io::Result<u16> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await?;
    let code = answer
        .get(9..12)
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok(code)
}

/// `count` requests at `RATE` a second to the paths `path(i)`: each
/// latency, from the moment it was due.
async fn load(addr: SocketAddr, count: u64, path: impl Fn(u64) -> String) -> Vec<Duration> {
    let start = Instant::now() + Duration::from_millis(100);
    let mut tasks = Vec::new();
    for i in 0..count {
        let due = start + Duration::from_micros(i * 1_000_000 / RATE);
        let path = path(i);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep_until(due.into()).await;
            let code = get(addr, &path).await.expect("an answer");
            assert_eq!(code, 200, "{path}");
            due.elapsed()
        }));
    }
    let mut out = Vec::new();
    for task in tasks {
        out.push(task.await.expect("a request"));
    }
    out.sort();
    out
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn resident_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn main() {
    let seconds: u64 = std::env::var("CAIRN_WEB_LOAD_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .clamp(1, 60);
    let chat = common::Chat::new();
    let id = chat.start("callanish");
    for _ in 0..20 {
        chat.play_one();
    }
    let turns = chat.game().history.len() as u64;
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("its address");
        let mut config = cairn_web::WebConfig::new(&format!("http://{addr}"));
        config.rate_limit = None;
        tokio::spawn(cairn_web::serve(
            listener,
            chat.store.clone(),
            config,
            std::future::pending(),
        ));
        let count = RATE * seconds;
        for (kind, latencies) in [
            ("page", load(addr, count, |_| format!("/g/{id}")).await),
            (
                "page ?turn=N",
                load(addr, count, |i| format!("/g/{id}?turn={}", i % (turns + 1))).await,
            ),
            (
                "PNG",
                load(addr, count, |i| format!("/g/{id}/{}.png", i % (turns + 1))).await,
            ),
        ] {
            println!(
                "{kind:>14}: {count} requests at {RATE}/s: median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                quantile(&latencies, 0.5).as_secs_f64() * 1e3,
                quantile(&latencies, 0.99).as_secs_f64() * 1e3,
                quantile(&latencies, 1.0).as_secs_f64() * 1e3,
            );
        }
        println!("resident memory of the process (server, client and bot): {:.1} MB", resident_mb());
    });
}
