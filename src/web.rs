//! The web pages of games (`crates/web`), served beside whatever platform
//! runs, in the same process and from the same store, when
//! `CAIRN_WEB_ADDR` is set.

use std::future::Future;

use anyhow::{Context, Result};

use crate::config::WebSettings;
use cairn_store::Store;

/// A listening socket for the pages, bound at start so a taken port is
/// refused before anything else runs.
pub struct WebListener {
    listener: std::net::TcpListener,
    settings: WebSettings,
}

impl WebListener {
    /// Bind the pages' address.
    pub fn bind(settings: &WebSettings) -> Result<WebListener> {
        let listener = std::net::TcpListener::bind(settings.addr).with_context(|| {
            format!(
                "cannot listen at {} (CAIRN_WEB_ADDR) for the web pages",
                settings.addr
            )
        })?;
        listener
            .set_nonblocking(true)
            .context("setting up the web pages' socket")?;
        Ok(WebListener {
            listener,
            settings: settings.clone(),
        })
    }

    /// Serve the pages from `store` on the current tokio runtime until
    /// `stop` completes.
    pub async fn serve(
        self,
        store: Store,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> Result<()> {
        let listener = tokio::net::TcpListener::from_std(self.listener)
            .context("handing the web pages' socket to the runtime")?;
        tracing::info!(addr = %self.settings.addr, public = %self.settings.public_url, "web pages on");
        let config = cairn_web::WebConfig::new(&self.settings.public_url);
        cairn_web::serve(listener, store, config, stop)
            .await
            .context("serving the web pages")
    }

    /// Serve the pages on a thread of their own (beside the console,
    /// which has no async runtime) for the rest of the process.
    pub fn serve_in_background(self, store: Store) -> Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("cairn-web")
            .enable_all()
            .build()
            .context("starting the web pages' runtime")?;
        std::thread::Builder::new()
            .name("cairn-web".into())
            .spawn(move || {
                if let Err(error) = runtime.block_on(self.serve(store, std::future::pending())) {
                    tracing::error!("{error:#}");
                }
            })
            .context("starting the web pages' thread")?;
        Ok(())
    }
}
