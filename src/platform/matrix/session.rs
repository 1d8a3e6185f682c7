//! Logging in and staying logged in: the saved session (the same device
//! after a restart), the sync loop, and joining the rooms the bot is
//! invited to.

use super::*;

/// The device name shown in other clients' session lists.
pub(super) const DEVICE_NAME: &str = "Cairn bot";
/// What `session.json` holds: enough to restore the same device.
#[derive(Serialize, Deserialize)]
pub(super) struct SavedSession {
    homeserver: String,
    #[serde(flatten)]
    session: MatrixSession,
}

/// How long one sync request waits on the homeserver for news.
pub(super) const SYNC_TIMEOUT: Duration = Duration::from_secs(30);

/// Long-poll the homeserver until the session is revoked, asking again as
/// soon as an answer is handled.
///
/// Not `Client::sync`: matrix-sdk 0.18 sleeps a whole second before the
/// next request whenever two syncs come back within a second of each other
/// (a guard against servers that ignore the timeout). In a lively room
/// that is most of the time (every reply the bot sends comes back down its
/// own sync), so a move arriving meanwhile waited up to a second. The
/// guard is kept here for what it is meant for: an answer that came back
/// at once with nothing new.
pub(super) async fn sync_forever(client: &Client, mut token: String) -> matrix_sdk::Result<()> {
    loop {
        let settings = SyncSettings::default()
            .timeout(SYNC_TIMEOUT)
            .token(token.clone());
        let asked = Instant::now();
        match client.sync_once(settings).await {
            Ok(response) => {
                if response.next_batch == token && asked.elapsed() < Duration::from_secs(1) {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                token = response.next_batch;
            }
            Err(error) if is_unknown_token(&error) => return Err(error),
            Err(error) => {
                tracing::warn!(%error, "Matrix sync failed, retrying in 5 s");
                tokio::time::sleep(Duration::from_secs(5)).await;
            }
        }
    }
}

pub(super) fn is_unknown_token(error: &matrix_sdk::Error) -> bool {
    matches!(
        error.client_api_error_kind(),
        Some(ErrorKind::UnknownToken(_) | ErrorKind::MissingToken)
    )
}

/// Build the client on the sqlite store in `dir` and log in: restore the
/// saved session if there is one, else log in and save it.
pub(super) async fn connect(
    homeserver: &str,
    user: &str,
    config: &MatrixConfig,
    dir: &Path,
) -> Result<Client> {
    let session_path = dir.join(SESSION_FILE);
    let saved: Option<SavedSession> = match std::fs::read_to_string(&session_path) {
        Ok(text) => Some(
            serde_json::from_str(&text)
                .with_context(|| format!("reading {}", session_path.display()))?,
        ),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => {
            return Err(error).with_context(|| format!("reading {}", session_path.display()))
        }
    };
    let builder = match &saved {
        // The saved URL is the one discovery found: no need to ask again.
        Some(saved) => Client::builder().homeserver_url(&saved.homeserver),
        None => Client::builder().server_name_or_homeserver_url(homeserver),
    };
    let client = builder
        .sqlite_store(dir, config.store_passphrase.as_deref())
        .build()
        .await
        .with_context(|| format!("connecting to the Matrix homeserver {homeserver}"))?;

    if let Some(saved) = saved {
        if !same_user(user, saved.session.meta.user_id.as_str()) {
            bail!(
                "{} holds a session of {}, not of {user}; use another MATRIX_STORE directory",
                session_path.display(),
                saved.session.meta.user_id
            );
        }
        tracing::info!(user = %saved.session.meta.user_id, device = %saved.session.meta.device_id, "restoring the saved Matrix session");
        client
            .matrix_auth()
            .restore_session(saved.session, RoomLoadSettings::default())
            .await
            .context("restoring the saved Matrix session")?;
        return Ok(client);
    }

    let session = if let Some(password) = &config.password {
        let auth = client.matrix_auth();
        auth.login_username(user, password)
            .initial_device_display_name(DEVICE_NAME)
            .send()
            .await
            .with_context(|| format!("logging in to Matrix as {user}"))?;
        auth.session()
            .ok_or_else(|| anyhow!("no session after logging in as {user}"))?
    } else if let Some(token) = &config.access_token {
        let (user_id, device_id) = whoami(&client, token).await?;
        let session = MatrixSession {
            meta: SessionMeta {
                user_id: user_id.clone(),
                device_id,
            },
            tokens: SessionTokens {
                access_token: token.to_string(),
                refresh_token: None,
            },
        };
        client
            .matrix_auth()
            .restore_session(session.clone(), RoomLoadSettings::default())
            .await
            .with_context(|| format!("using the access token of {user_id}"))?;
        session
    } else {
        bail!("set MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN to log in to Matrix");
    };
    save_session(
        &session_path,
        &SavedSession {
            homeserver: client.homeserver().to_string(),
            session,
        },
    )?;
    Ok(client)
}

/// Who owns an access token, and its device (needed for encryption).
pub(super) async fn whoami(
    client: &Client,
    token: &str,
) -> Result<(OwnedUserId, matrix_sdk::ruma::OwnedDeviceId)> {
    #[derive(Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<matrix_sdk::ruma::OwnedDeviceId>,
    }
    let url = client
        .homeserver()
        .join("_matrix/client/v3/account/whoami")
        .context("building the whoami URL")?;
    let response = matrix_sdk::reqwest::Client::new()
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .context("asking the homeserver whose access token this is")?;
    let status = response.status();
    let body = response
        .bytes()
        .await
        .context("reading the whoami answer")?;
    if !status.is_success() {
        bail!(
            "the homeserver refused MATRIX_ACCESS_TOKEN ({status}: {})",
            String::from_utf8_lossy(&body)
        );
    }
    let who: WhoAmI = serde_json::from_slice(&body).context("parsing the whoami answer")?;
    let device = who.device_id.ok_or_else(|| {
        anyhow!(
            "MATRIX_ACCESS_TOKEN of {} has no device (an admin token?); log in with a password or use a token from a real login",
            who.user_id
        )
    })?;
    Ok((who.user_id, device))
}

/// Write the session file readable by its owner only (it holds a token).
pub(super) fn save_session(path: &Path, session: &SavedSession) -> Result<()> {
    let json = serde_json::to_string_pretty(session)?;
    let tmp = path.with_extension("json.tmp");
    {
        use std::io::Write;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options
            .open(&tmp)
            .with_context(|| format!("writing {}", tmp.display()))?;
        file.write_all(json.as_bytes())
            .and_then(|()| file.sync_all())
            .with_context(|| format!("writing {}", tmp.display()))?;
    }
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// `@cairn:example.org` and `cairn` name the same account.
pub(super) fn same_user(configured: &str, mxid: &str) -> bool {
    let configured = configured.trim();
    if configured.starts_with('@') {
        configured.eq_ignore_ascii_case(mxid)
    } else {
        mxid.trim_start_matches('@')
            .split(':')
            .next()
            .is_some_and(|local| local.eq_ignore_ascii_case(configured))
    }
}

/// Join a room in the background; Synapse may send the invite before the
/// room can be joined, so retry with a growing delay (up to about an hour).
pub(super) fn spawn_join(room: Room) {
    tokio::spawn(async move {
        let mut delay = Duration::from_secs(1);
        loop {
            match room.join().await {
                Ok(()) => {
                    tracing::info!(room = %room.room_id(), "joined");
                    return;
                }
                Err(error) if delay > Duration::from_secs(3600) => {
                    tracing::error!(room = %room.room_id(), %error, "giving up joining");
                    return;
                }
                Err(error) => {
                    tracing::warn!(room = %room.room_id(), %error, "joining failed, retrying in {delay:?}");
                    tokio::time::sleep(delay).await;
                    delay *= 2;
                }
            }
        }
    });
}

pub(super) async fn on_invite(event: StrippedRoomMemberEvent, client: Client, room: Room) {
    if client.user_id() != Some(&*event.state_key) || room.state() != RoomState::Invited {
        return;
    }
    tracing::info!(room = %room.room_id(), inviter = %event.sender, "invited");
    spawn_join(room);
}
