//! `/g/<id>`: a game's page. Semantic HTML that works without
//! JavaScript; a small inline script adds the arrow keys and follows a
//! game in progress through its event stream. Every text from a player
//! (names, turns) goes through maud, which escapes it.

use std::sync::{Arc, OnceLock};

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use cairn_bot::snapshot::Snapshot;
use cairn_bot::{player_label_in, t, Lang};
use cairn_store::GameId;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use serde::Deserialize;

use crate::files::{png_path, position};
use crate::state::{now_ms, Web};
use crate::WebError;

#[derive(Deserialize)]
pub(crate) struct TurnQuery {
    turn: Option<String>,
}

/// The arrow keys, and a game in progress followed without reloading:
/// on each event the page's `main` is fetched again and swapped in.
const SCRIPT: &str = r#"(function () {
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
    var a = rel && document.querySelector('main a[rel="' + rel + '"]');
    if (a) { e.preventDefault(); location.href = a.href; }
  });
  var main = document.querySelector("main");
  if (!main || main.dataset.live !== "true" || !window.EventSource || !window.fetch) return;
  var events = new EventSource(main.dataset.events);
  // A page left (or kept in the back-forward cache) holds no connection.
  addEventListener("pagehide", function () { events.close(); });
  addEventListener("pageshow", function (e) { if (e.persisted) location.reload(); });
  events.addEventListener("turn", function (e) {
    var now = document.querySelector("main");
    if (e.data === now.dataset.version) return;
    fetch(location.href, { headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.querySelector("main");
        if (!fresh) return;
        now.replaceWith(fresh);
        document.title = doc.title;
        if (fresh.dataset.live !== "true") events.close();
      });
  });
})();"#;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a;background:#fafaf7;line-height:1.5}\
a{color:#0b4f9c}a:focus-visible{outline:3px solid #0b4f9c;outline-offset:2px}\
img{max-width:100%;height:auto}figure{margin:0}\
.play{display:flex;flex-wrap:wrap;gap:1rem 2rem;align-items:flex-start}.side{flex:1 1 16rem}\
nav.steps{display:flex;gap:1.5rem}\
ol.turns{columns:12rem}ol.turns a[aria-current]{font-weight:bold}";

/// `/g/<id>` (`?turn=N`: the position after turn N).
pub(crate) async fn page(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
    Query(query): Query<TurnQuery>,
) -> Result<Response, WebError> {
    let (id, game) = web.game(&id).await?;
    let total = game.record.history.len();
    let turn = match query.turn.as_deref() {
        None => total,
        Some(text) => text.parse::<usize>().map_err(|_| WebError::NotFound)?,
    };
    let position = position(&web, game, turn).await?;
    let markup = render(&web, id, &position, total);
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "no-cache"),
        (header::CONTENT_SECURITY_POLICY, policy()),
        (header::REFERRER_POLICY, "same-origin"),
    ];
    Ok((headers, markup.into_string()).into_response())
}

/// The page's Content-Security-Policy: its own addresses only, and of
/// scripts only its inline script (by its hash).
fn policy() -> &'static str {
    static POLICY: OnceLock<String> = OnceLock::new();
    POLICY.get_or_init(|| {
        use base64::Engine;
        use sha2::Digest;
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(SCRIPT));
        format!(
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; \
             script-src 'sha256-{hash}'; connect-src 'self'; base-uri 'none'; \
             form-action 'none'; frame-ancestors 'none'"
        )
    })
}

/// The whole page of `position`, one of `total` turns.
fn render(web: &Web, id: GameId, position: &Snapshot, total: usize) -> Markup {
    let lang = web.lang;
    let page_title = t!(
        lang,
        "web-page-title",
        title = position.title.as_str(),
        status = position.caption.as_str()
    );
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (page_title) " · " (t!(lang, "web-site")) }
                meta name="description" content=(position.description);
                (preview(web, id, position, &page_title))
                link rel="alternate" type="application/json" href=(format!("/g/{id}/record.json"));
                style { (PreEscaped(STYLE)) }
            }
            body {
                (main(web, id, position, total))
                script { (PreEscaped(SCRIPT)) }
            }
        }
    }
}

/// Open Graph and Twitter card tags: the page's title, the board's
/// description and its image, at absolute addresses.
fn preview(web: &Web, id: GameId, position: &Snapshot, page_title: &str) -> Markup {
    let image = web.absolute(&png_path(id, position));
    let url = web.absolute(&format!("/g/{id}"));
    html! {
        meta property="og:type" content="website";
        meta property="og:site_name" content=(t!(web.lang, "web-site"));
        meta property="og:title" content=(page_title);
        meta property="og:description" content=(position.description);
        meta property="og:url" content=(url);
        meta property="og:image" content=(image);
        meta property="og:image:type" content="image/png";
        meta property="og:image:alt" content=(position.description);
        meta name="twitter:card" content="summary_large_image";
        meta name="twitter:title" content=(page_title);
        meta name="twitter:description" content=(position.description);
        meta name="twitter:image" content=(image);
        meta name="twitter:image:alt" content=(position.description);
        meta name="theme-color" content="#0b4f9c";
    }
}

/// The page's content: status, board, steps, turns, downloads.
fn main(web: &Web, id: GameId, position: &Snapshot, total: usize) -> Markup {
    let lang = web.lang;
    let version = format!("{total}-{}", !position.finished);
    let clocks = cairn_bot::describe::clocks(&position.record, now_ms(), lang);
    let shown = if position.turn == 0 {
        t!(lang, "web-position-start")
    } else {
        t!(lang, "web-position", turn = position.turn, total = total)
    };
    html! {
        main data-live=(!position.finished) data-version=(version)
            data-events=(format!("/g/{id}/events")) {
            h1 { (position.title) }
            p #status { (position.caption) }
            @if let Some(clocks) = clocks { p #clocks { (clocks) } }
            @if !position.finished { p { (t!(lang, "web-live")) } }
            div.play {
                figure {
                    img #board src=(png_path(id, position)) alt=(position.description);
                    figcaption { (shown) }
                }
                div.side {
                    (steps(lang, id, position.turn, total))
                    (turn_list(lang, id, position, total))
                    (downloads(lang, id))
                }
            }
        }
    }
}

/// The replay and the records.
fn downloads(lang: Lang, id: GameId) -> Markup {
    html! {
        section aria-labelledby="downloads" {
            h2 #downloads { (t!(lang, "web-downloads")) }
            ul {
                li { a href=(format!("/g/{id}/replay.gif")) { (t!(lang, "web-replay")) } }
                li { a href=(format!("/g/{id}/record.txt")) download { (t!(lang, "web-record-text")) } }
                li { a href=(format!("/g/{id}/record.json")) download { (t!(lang, "web-record-json")) } }
            }
        }
    }
}

/// The address of the position after `turn` turns.
fn turn_href(id: GameId, turn: usize) -> String {
    format!("/g/{id}?turn={turn}")
}

/// Previous and next turn, as links (`rel` for the arrow keys).
fn steps(lang: Lang, id: GameId, turn: usize, total: usize) -> Markup {
    html! {
        nav.steps aria-label=(t!(lang, "web-turns")) {
            @if turn > 0 {
                a rel="prev" href=(turn_href(id, turn - 1)) { "← " (t!(lang, "web-previous")) }
            }
            @if turn < total {
                a rel="next" href=(turn_href(id, turn + 1)) { (t!(lang, "web-next")) " →" }
            }
        }
        p { small { (t!(lang, "web-keys")) } }
    }
}

/// Every turn as a link to the position after it; the shown one marked.
fn turn_list(lang: Lang, id: GameId, position: &Snapshot, total: usize) -> Markup {
    let record = &position.record;
    let current = |n: usize| (n == position.turn).then_some("page");
    html! {
        section aria-labelledby="turns" {
            h2 #turns { (t!(lang, "web-turns")) }
            p { a href=(turn_href(id, 0)) aria-current=[current(0)] { (t!(lang, "web-start")) } }
            @if total == 0 {
                p { (t!(lang, "web-no-turns")) }
            } @else {
                ol.turns {
                    @for (i, turn) in full_history(position, total).iter().enumerate() {
                        li {
                            a href=(turn_href(id, i + 1)) aria-current=[current(i + 1)] {
                                (t!(lang, "web-turn-item",
                                    player = player_label_in(record, turn.seat, lang),
                                    turn = turn.turn.as_str()))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Every turn of the game (a past position's record is cut short).
fn full_history(position: &Snapshot, total: usize) -> &[cairn_store::TurnRecord] {
    &position.history[..total.min(position.history.len())]
}
