//! The host's side of a connection: the WebSocket handshake, `Hello` (version and code
//! checked), then messages both ways, pings, and the limits (message size, rate, silence).

use super::core::{OUT_QUEUE, Out, Shared, lock};
use crate::protocol::{
    MAX_TO_HOST, PROTOCOL_VERSION, RateLimit, ToClient, ToHost, encode, hello_version, ws_config,
};
use crate::{DEAD_AFTER, HANDSHAKE_TIMEOUT, PING_EVERY, Refusal};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, mpsc};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// Connections not seated yet (handshake and `Hello` under way) at once: more are closed at
/// once. A seated connection no longer counts (there is one per seat).
const MAX_PENDING: usize = 32;
/// The most of those from one address: one program holding connections open without a word
/// cannot take every place and keep the players out.
const MAX_PENDING_PER_ADDRESS: usize = 4;

type ByAddress = Arc<std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>>;

/// One pending connection of an address, counted until dropped.
struct AddressCount {
    ip: std::net::IpAddr,
    by_address: ByAddress,
}

impl AddressCount {
    /// Counts a pending connection of `ip`; `None` when the address has its most already.
    fn take(by_address: &ByAddress, ip: std::net::IpAddr) -> Option<AddressCount> {
        let mut m = by_address.lock().unwrap_or_else(|e| e.into_inner());
        let n = m.entry(ip).or_insert(0);
        if *n >= MAX_PENDING_PER_ADDRESS {
            return None;
        }
        *n += 1;
        Some(AddressCount {
            ip,
            by_address: Arc::clone(by_address),
        })
    }
}

impl Drop for AddressCount {
    fn drop(&mut self) {
        let mut m = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = m.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

/// A place among the pending connections, given back when dropped (when the connection is
/// seated or ends).
struct Pending {
    _slot: tokio::sync::OwnedSemaphorePermit,
    _count: AddressCount,
}

/// `alive` is cloned into every connection's task and dropped when it ends, so that the host
/// can wait for its connections' last words before it stops (see `Host::open`).
pub(crate) async fn accept_loop(listener: TcpListener, shared: Shared, alive: Arc<()>) {
    let slots = Arc::new(Semaphore::new(MAX_PENDING));
    let by_address = ByAddress::default();
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let Some(count) = AddressCount::take(&by_address, peer.ip()) else {
            drop(stream);
            continue;
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let pending = Pending {
            _slot: slot,
            _count: count,
        };
        let shared = Arc::clone(&shared);
        let alive = Arc::clone(&alive);
        tokio::spawn(async move {
            connection(stream, peer, shared, pending).await;
            drop(alive);
        });
    }
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// At most one note of connections that were not this app's in this long.
const STRANGER_NOTE_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

async fn refuse(ws: &mut Ws, refusal: Refusal) {
    let text = encode(&ToClient::Refused(refusal));
    let _ = timeout(HANDSHAKE_TIMEOUT, ws.send(Message::text(text))).await;
    let _ = timeout(HANDSHAKE_TIMEOUT, ws.close(None)).await;
    // Read what the peer still sends for a moment, so it gets the reason (see
    // `refuse_and_close`).
    let _ = timeout(PING_EVERY, async { while ws.next().await.is_some() {} }).await;
}

async fn connection(stream: TcpStream, peer: SocketAddr, shared: Shared, pending: Pending) {
    let _ = stream.set_nodelay(true);
    let accept = tokio_tungstenite::accept_async_with_config(stream, Some(ws_config(MAX_TO_HOST)));
    let Ok(Ok(mut ws)) = timeout(HANDSHAKE_TIMEOUT, accept).await else {
        // Not this app (plain bytes, a web request, nothing in time): the host hears of it
        // (it had been closed without a word), once a while however many come.
        let mut core = lock(&shared);
        let now = Instant::now();
        if core
            .stranger_noted
            .is_none_or(|t| now.duration_since(t) >= STRANGER_NOTE_EVERY)
        {
            core.stranger_noted = Some(now);
            core.notes.push(crate::Note::Misbehaved {
                seat: None,
                refusal: Refusal::NoHello,
            });
        }
        return;
    };
    // The first message must be Hello, of this version, with a code that seats it. A
    // connection refused before it has a seat is told why, and the host hears of it too.
    let noted = |refusal: Refusal| {
        lock(&shared).notes.push(crate::Note::Misbehaved {
            seat: None,
            refusal: refusal.clone(),
        });
        refusal
    };
    let first = match timeout(HANDSHAKE_TIMEOUT, ws.next()).await {
        Ok(Some(Ok(Message::Text(t)))) => t,
        Ok(Some(Err(WsError::Capacity(_)))) => {
            return refuse(&mut ws, noted(Refusal::TooLarge)).await;
        }
        _ => return refuse(&mut ws, noted(Refusal::NoHello)).await,
    };
    match hello_version(first.as_str()) {
        Some(PROTOCOL_VERSION) => {}
        Some(client) => {
            let r = noted(Refusal::Version {
                host: PROTOCOL_VERSION,
                client,
            });
            return refuse(&mut ws, r).await;
        }
        None => return refuse(&mut ws, noted(Refusal::NoHello)).await,
    }
    let Ok(ToHost::Hello { key, name, .. }) = serde_json::from_str::<ToHost>(first.as_str()) else {
        return refuse(&mut ws, noted(Refusal::NoHello)).await;
    };
    let (tx, mut rx) = mpsc::channel::<Out>(OUT_QUEUE);
    let joined = lock(&shared).join(peer.ip(), key, &name, tx);
    let (seat, id) = match joined {
        Ok(j) => j,
        Err(r) => return refuse(&mut ws, noted(r)).await,
    };
    drop(pending);
    let (mut sink, mut stream) = ws.split();
    let mut ping = tokio::time::interval(PING_EVERY);
    let mut last_heard = Instant::now();
    let mut rate = RateLimit::default();
    let mut left = false;
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Out::Text(t)) => {
                    if !matches!(timeout(DEAD_AFTER, sink.send(Message::text(t))).await, Ok(Ok(()))) {
                        break;
                    }
                }
                Some(Out::Close) | None => {
                    let _ = timeout(PING_EVERY, sink.close()).await;
                    // As in `refuse_and_close`: a ping of the player's left unread would
                    // reset the connection, and the host's last words with it.
                    let _ = timeout(PING_EVERY, async { while stream.next().await.is_some() {} }).await;
                    break;
                }
            },
            msg = stream.next() => {
                last_heard = Instant::now();
                match msg {
                    Some(Ok(Message::Text(t))) => {
                        if !rate.take() {
                            refuse_and_close(&mut sink, &mut stream, Refusal::Flood).await;
                            lock(&shared).notes.push(crate::Note::Misbehaved { seat: Some(seat), refusal: Refusal::Flood });
                            break;
                        }
                        match serde_json::from_str::<ToHost>(t.as_str()) {
                            Ok(ToHost::Leave) => {
                                left = true;
                                break;
                            }
                            Ok(m) => {
                                if lock(&shared).on_message(seat, id, m) {
                                    rate.give_back();
                                }
                            }
                            Err(_) => lock(&shared).refuse(Some(seat), seat as usize, Refusal::Malformed),
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        if !rate.take() {
                            refuse_and_close(&mut sink, &mut stream, Refusal::Flood).await;
                            break;
                        }
                        lock(&shared).refuse(Some(seat), seat as usize, Refusal::Malformed);
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                    Some(Err(WsError::Capacity(_))) => {
                        refuse_and_close(&mut sink, &mut stream, Refusal::TooLarge).await;
                        lock(&shared).notes.push(crate::Note::Misbehaved { seat: Some(seat), refusal: Refusal::TooLarge });
                        break;
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > DEAD_AFTER {
                    break;
                }
                if !matches!(timeout(DEAD_AFTER, sink.send(Message::Ping(Vec::new().into()))).await, Ok(Ok(()))) {
                    break;
                }
            }
        }
    }
    lock(&shared).gone(seat, id, left);
}

/// Says why, closes, and reads (and drops) what the peer still sends for a moment: closing a
/// socket with unread data in it resets the connection, and the peer would lose the reason.
async fn refuse_and_close<S, R>(sink: &mut S, stream: &mut R, refusal: Refusal)
where
    S: futures_util::Sink<Message> + Unpin,
    R: futures_util::Stream + Unpin,
{
    let text = encode(&ToClient::Refused(refusal));
    let _ = timeout(PING_EVERY, sink.send(Message::text(text))).await;
    let _ = timeout(PING_EVERY, sink.close()).await;
    let _ = timeout(PING_EVERY, async { while stream.next().await.is_some() {} }).await;
}
