//! Wakes the window when the host or the connection has news: a thread per session looks at
//! it (a joined seat's client wakes it at once; a host is looked at ten times a second) and
//! asks for a frame only when something changed, so an online screen that nothing happens on
//! draws nothing. The thread ends with the session.

use crate::engine::Seat;
use crate::net::{Client, Host};
use eframe::egui;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// What a frame would show differently: the lobby, the seat's view without its log (whose
/// length stands for it), and the notes waiting (a refused connection, for one).
fn host_print(host: &Host, seat: Seat) -> String {
    let view = host.view(seat).map(|mut v| {
        let n = v.log.len();
        v.log.clear();
        (v, n)
    });
    format!("{:?}{:?}{}", host.lobby(), view, host.pending_notes())
}

/// Starts watching a hosted game for the window of `ctx`.
pub fn watch_host(host: &Arc<Host>, seat: Seat, ctx: &egui::Context) {
    let host: Weak<Host> = Arc::downgrade(host);
    let ctx = ctx.clone();
    let _ = std::thread::Builder::new()
        .name("noctiluca-host-watch".into())
        .spawn(move || {
            let mut last = String::new();
            while let Some(h) = host.upgrade() {
                let now = host_print(&h, seat);
                drop(h);
                if now != last {
                    last = now;
                    ctx.request_repaint();
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        });
}

/// Starts watching a joined seat's connection for the window of `ctx`.
pub fn watch_client(client: &Arc<Client>, ctx: &egui::Context) {
    let client: Weak<Client> = Arc::downgrade(client);
    let ctx = ctx.clone();
    let _ = std::thread::Builder::new()
        .name("noctiluca-client-watch".into())
        .spawn(move || {
            let mut seen = 0;
            while let Some(c) = client.upgrade() {
                let now = c.wait_change(seen, Duration::from_millis(250));
                let closed = matches!(c.status(), crate::net::ClientStatus::Closed(_));
                drop(c);
                if now != seen || closed {
                    seen = now;
                    ctx.request_repaint();
                }
                if closed {
                    break;
                }
            }
        });
}
