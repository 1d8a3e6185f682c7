//! `/stats` (a table of every game with finished games) and
//! `/stats/<game>` (one game's figures and its most played variants).
//! Plain semantic HTML, no script; every text through maud, escaped.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use cairn_bot::i18n::say;
use cairn_bot::{t, Lang};
use cairn_rules::GameKind;
use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::records::A_MINUTE;
use crate::state::Web;
use crate::stats::{Rate, Stats};
use crate::WebError;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#fafaf7;line-height:1.5}\
a{color:#0b4f9c}a:focus-visible{outline:3px solid #0b4f9c;outline-offset:2px}\
table{border-collapse:collapse}th,td{padding:.25rem .75rem;border-bottom:1px solid #767676;text-align:left}\
td.n{text-align:right;font-variant-numeric:tabular-nums}";

/// No script at all, styles inline, nothing from elsewhere.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; \
                      form-action 'none'; frame-ancestors 'none'";

/// `/stats`: every game with finished games.
pub(crate) async fn overview(State(web): State<Arc<Web>>) -> Result<Response, WebError> {
    let archive = web.archive().await?;
    let lang = web.lang;
    let title = t!(lang, "web-stats-title");
    let body = html! {
        main {
            h1 { (title) }
            p { (t!(lang, "web-stats-about")) }
            @if archive.stats.is_empty() {
                p { (t!(lang, "web-stats-none")) }
            } @else {
                (games_table(lang, &archive.stats))
            }
            p { a href="/records/all.json" type="application/json" { (t!(lang, "web-stats-records")) } }
        }
    };
    Ok(answer(shell(lang, &title, body)))
}

/// `/stats/<game>`: one game (by its name).
pub(crate) async fn game(
    State(web): State<Arc<Web>>,
    Path(name): Path<String>,
) -> Result<Response, WebError> {
    let kind = GameKind::parse(&name).ok_or(WebError::NotFound)?;
    let archive = web.archive().await?;
    let lang = web.lang;
    let game = say(lang, &kind.title_message());
    let title = t!(lang, "web-stats-game-title", game = game.as_str());
    let stats = archive.stats.get(&kind).cloned().unwrap_or_default();
    let records = format!("/records/{}.json", kind.name());
    let body = html! {
        main {
            h1 { (title) }
            p { (t!(lang, "web-stats-about")) }
            @if stats.games == 0 {
                p { (t!(lang, "web-stats-none")) }
            } @else {
                (figures(lang, &stats))
                (variants(lang, &stats))
            }
            ul {
                li { a href=(records) type="application/json" { (t!(lang, "web-stats-game-records")) } }
                li { a href="/stats" { (t!(lang, "web-stats-all")) } }
            }
        }
    };
    Ok(answer(shell(lang, &title, body)))
}

fn answer(markup: Markup) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, A_MINUTE),
        (header::CONTENT_SECURITY_POLICY, POLICY),
        (header::REFERRER_POLICY, "same-origin"),
    ];
    (headers, markup.into_string()).into_response()
}

fn shell(lang: Lang, title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (t!(lang, "web-site")) }
                style { (PreEscaped(STYLE)) }
            }
            body { (body) }
        }
    }
}

/// One row per game: its figures, its name linking its own page.
fn games_table(lang: Lang, stats: &std::collections::BTreeMap<GameKind, Stats>) -> Markup {
    html! {
        table {
            caption { (t!(lang, "web-stats-table")) }
            thead {
                tr {
                    th scope="col" { (t!(lang, "web-stats-game")) }
                    th scope="col" { (t!(lang, "web-stats-played")) }
                    th scope="col" { (t!(lang, "web-stats-first-wins")) }
                    th scope="col" { (t!(lang, "web-stats-draws")) }
                    th scope="col" { (t!(lang, "web-stats-length")) }
                    th scope="col" { (t!(lang, "web-stats-timeouts")) }
                }
            }
            tbody {
                @for (kind, game) in stats {
                    tr {
                        th scope="row" {
                            a href=(format!("/stats/{}", kind.name())) { (say(lang, &kind.title_message())) }
                        }
                        td.n { (game.games) }
                        td.n { (rate(lang, game.first_win_rate())) }
                        td.n { (percent(game.draw_rate())) }
                        td.n { (decimal(game.average_length())) }
                        td.n { (percent(game.timeout_rate())) }
                    }
                }
            }
        }
    }
}

/// One game's figures as a description list.
fn figures(lang: Lang, stats: &Stats) -> Markup {
    html! {
        dl {
            dt { (t!(lang, "web-stats-played")) }
            dd { (stats.games) }
            dt { (t!(lang, "web-stats-first-wins")) }
            dd { (rate(lang, stats.first_win_rate())) }
            dt { (t!(lang, "web-stats-draws")) }
            dd { (percent(stats.draw_rate())) }
            dt { (t!(lang, "web-stats-length")) }
            dd { (decimal(stats.average_length())) }
            dt { (t!(lang, "web-stats-timeouts")) }
            dd { (percent(stats.timeout_rate())) }
        }
    }
}

/// The most played variants, with their games.
fn variants(lang: Lang, stats: &Stats) -> Markup {
    let standard = t!(lang, "web-stats-standard");
    html! {
        h2 id="variants" { (t!(lang, "web-stats-variants")) }
        table aria-labelledby="variants" {
            thead {
                tr {
                    th scope="col" { (t!(lang, "web-stats-variant")) }
                    th scope="col" { (t!(lang, "web-stats-played")) }
                }
            }
            tbody {
                @for (options, count) in stats.top_variants() {
                    tr {
                        th scope="row" {
                            @if options.is_empty() { (standard) } @else { code { (options) } }
                        }
                        td.n { (count) }
                    }
                }
            }
        }
    }
}

fn percent(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_string(), |v| format!("{:.1} %", v * 100.0))
}

fn decimal(value: Option<f64>) -> String {
    value.map_or_else(|| "–".to_string(), |v| format!("{v:.1}"))
}

fn rate(lang: Lang, rate: Option<Rate>) -> String {
    match rate {
        None => "–".to_string(),
        Some(r) => t!(
            lang,
            "web-stats-rate",
            rate = percent(Some(r.value)),
            low = percent(Some(r.low)),
            high = percent(Some(r.high))
        ),
    }
}
