#include "companion/http_server.hpp"

#include <atomic>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>

#include <httplib.h>
#include <qrencode.h>

#include "companion/companion.hpp"
#include "companion/page.hpp"
#include "domain/numbers.hpp"

namespace soloist::companion {

using nlohmann::json;

namespace {

// A request body the API takes at most: an answer, a correction or a new game's options.
constexpr std::size_t kMaxBody = 64 * 1024;
// Long polls hold a thread each while they wait: enough for many phones and tabs at once.
constexpr std::size_t kThreads = 128;
// The longest a page's wait for news may last.
constexpr int kMaxWaitSeconds = 30;

void send(httplib::Response& res, const Reply& r) {
    res.status = r.status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(r.body.dump(), "application/json; charset=utf-8");
}

// The JSON body of a request, or a 400 reply saying what is wrong with it.
std::optional<json> body_of(const httplib::Request& req, httplib::Response& res) {
    if (req.body.empty()) return json::object();
    json j = json::parse(req.body, nullptr, false);
    if (j.is_discarded()) {
        send(res, refused(400, "the request body is not JSON"));
        return std::nullopt;
    }
    return j;
}

// Constant time, so the token cannot be guessed a character at a time.
bool same_token(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

}  // namespace

struct HttpServer::Impl {
    Impl(const cli::Common& common, ServeOptions o) : companion(common), options(std::move(o)) {}
    Companion companion;
    ServeOptions options;
    httplib::Server server;
    std::atomic<int> port{0};  // once bound
};

HttpServer::HttpServer(const cli::Common& common, ServeOptions options)
    : impl_(std::make_unique<Impl>(common, std::move(options))) {
    auto& svr = impl_->server;
    auto& api = impl_->companion;
    const std::string token = impl_->options.token;
    svr.new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
    svr.set_payload_max_length(kMaxBody);
    // Small replies go out at once, not held back for more data (Nagle with delayed ACKs: 40 ms).
    svr.set_tcp_nodelay(true);
    svr.set_read_timeout(10, 0);
    svr.set_write_timeout(10, 0);
    // Every request carries the token when there is one: ?token= in the address first opened,
    // which sets a cookie for the page's own files, and a header from the page's script.
    Impl* impl = impl_.get();
    svr.set_pre_routing_handler([token, impl](const httplib::Request& req, httplib::Response& res) {
        res.set_header("X-Content-Type-Options", "nosniff");
        res.set_header("Referrer-Policy", "no-referrer");
        // Another web site open in the player's browser cannot drive a game: a form cannot
        // send JSON, and a script that does is stopped by the browser (no CORS here).
        if (req.method == "POST" && req.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
            send(res, refused(415, "send the request body as JSON (Content-Type: application/json)"));
            return httplib::Server::HandlerResponse::Handled;
        }
        if (token.empty()) {
            // This machine only, by name too: a web site whose name points at 127.0.0.1 (DNS
            // rebinding) is not this server.
            const std::string host = req.get_header_value("Host"), port = ":" + std::to_string(impl->port.load());
            if (host != "127.0.0.1" + port && host != "localhost" + port && host != "[::1]" + port) {
                send(res, refused(421, "this server answers only for 127.0.0.1" + port + " and localhost" + port));
                return httplib::Server::HandlerResponse::Handled;
            }
            return httplib::Server::HandlerResponse::Unhandled;
        }
        if (req.has_param("token") && same_token(req.get_param_value("token"), token)) {
            res.set_header("Set-Cookie", "soloist_token=" + token + "; Path=/; HttpOnly; SameSite=Strict");
            return httplib::Server::HandlerResponse::Unhandled;
        }
        std::string given = req.get_header_value("X-Soloist-Token");
        if (given.empty()) {
            const std::string cookies = req.get_header_value("Cookie");
            if (const auto at = cookies.find("soloist_token="); at != std::string::npos) {
                const auto from = at + std::strlen("soloist_token=");
                given = cookies.substr(from, cookies.find(';', from) - from);
            }
        }
        if (same_token(given, token)) return httplib::Server::HandlerResponse::Unhandled;
        send(res, refused(401, "this server needs its token: open the address it printed, with ?token=..."));
        return httplib::Server::HandlerResponse::Handled;
    });
    for (std::size_t i = 0; i < page_files_count; ++i) {
        const PageFile& f = page_files[i];
        svr.Get(f.path, [&f](const httplib::Request&, httplib::Response& res) {
            res.set_header("Content-Security-Policy",
                           "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                           "connect-src 'self'; frame-ancestors 'none'");
            res.set_header("Cache-Control", "no-cache");
            res.set_content(f.body.data(), f.body.size(), f.type);
        });
    }
    svr.Get("/api/bots", [&api](const httplib::Request&, httplib::Response& res) { send(res, api.bots()); });
    svr.Get("/api/games", [&api](const httplib::Request&, httplib::Response& res) { send(res, api.saved_games()); });
    svr.Post("/api/games", [&api](const httplib::Request& req, httplib::Response& res) {
        if (auto j = body_of(req, res)) send(res, api.start(*j));
    });
    svr.Get(R"(/api/games/([^/]+))", [&api](const httplib::Request& req, httplib::Response& res) {
        const auto after = parse_unsigned(req.has_param("after") ? req.get_param_value("after") : "0");
        const auto wait = parse_unsigned(req.has_param("wait") ? req.get_param_value("wait") : "0");
        if (!after || !wait) return send(res, refused(400, "after and wait must be whole numbers"));
        const auto seconds = std::min<std::uint64_t>(*wait, kMaxWaitSeconds);
        send(res, api.state(req.matches[1], static_cast<std::size_t>(std::min<std::uint64_t>(*after, SIZE_MAX)),
                            std::chrono::seconds(seconds)));
    });
    svr.Post(R"(/api/games/([^/]+)/resume)", [&api](const httplib::Request& req, httplib::Response& res) {
        send(res, api.resume(req.matches[1]));
    });
    svr.Post(R"(/api/games/([^/]+)/answer)", [&api](const httplib::Request& req, httplib::Response& res) {
        if (auto j = body_of(req, res)) send(res, api.answer(req.matches[1], *j));
    });
    svr.Post(R"(/api/games/([^/]+)/undo)", [&api](const httplib::Request& req, httplib::Response& res) {
        send(res, api.undo(req.matches[1]));
    });
    svr.Post(R"(/api/games/([^/]+)/set)", [&api](const httplib::Request& req, httplib::Response& res) {
        if (auto j = body_of(req, res)) send(res, api.correct(req.matches[1], *j));
    });
    svr.Get(R"(/api/games/([^/]+)/show)", [&api](const httplib::Request& req, httplib::Response& res) {
        send(res, api.show(req.matches[1]));
    });
    svr.Get(R"(/api/games/([^/]+)/why)", [&api](const httplib::Request& req, httplib::Response& res) {
        send(res, api.why(req.matches[1]));
    });
    // Whatever else: a JSON 404 for the API, the page's own for the rest.
    svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;  // an API reply of its own: 404 for an unknown game, ...
        if (res.status == 404 && req.path.rfind("/api/", 0) == 0)
            send(res, refused(404, "no such API call: " + req.method + " " + clipped(req.path, 100)));
        else if (req.path.rfind("/api/", 0) == 0)
            send(res, refused(res.status, "the server cannot take this request (HTTP " + std::to_string(res.status) + ")"));
        else if (res.status == 413)
            send(res, refused(413, "the request body is over " + std::to_string(kMaxBody / 1024) + " KiB"));
        else
            res.set_content("Soloist: " + std::to_string(res.status) + "\n", "text/plain; charset=utf-8");
    });
    svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string what = "unknown";
        try {
            std::rethrow_exception(ep);
        } catch (const std::exception& e) {
            what = e.what();
        } catch (...) {
        }
        send(res, refused(500, "the server failed: " + what));
    });
}

HttpServer::~HttpServer() { stop(); }

int HttpServer::bind() {
    auto& o = impl_->options;
    if (o.port == 0) {
        const int port = impl_->server.bind_to_any_port(o.listen);
        if (port <= 0) throw GameError("cannot listen on " + o.listen + " (is it an address of this machine?)");
        return impl_->port = port;
    }
    if (!impl_->server.bind_to_port(o.listen, o.port))
        throw GameError("cannot listen on " + o.listen + ":" + std::to_string(o.port) +
                        " (is the port in use? choose another with --port)");
    return impl_->port = o.port;
}

void HttpServer::serve() { impl_->server.listen_after_bind(); }

void HttpServer::stop() {
    if (impl_) impl_->server.stop();
}

std::string new_token() {
    std::random_device rd;
    std::string out;
    static const char* digits = "0123456789abcdef";
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t word = rd();
        for (int k = 0; k < 8; ++k) out += digits[(word >> (4 * k)) & 15];
    }
    return out;
}

std::string qr_text(const std::string& text) {
    QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!code) return "";
    const int n = code->width, quiet = 2;
    auto dark = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < n && y < n && (code->data[y * n + x] & 1);
    };
    // Two rows of modules a line: upper and lower half blocks, light on dark terminals too
    // (the code is drawn as light modules on a dark ground, inverted, which phones read).
    std::string out;
    for (int y = -quiet; y < n + quiet; y += 2) {
        for (int x = -quiet; x < n + quiet; ++x) {
            const bool top = !dark(x, y), bottom = !dark(x, y + 1);
            out += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
        }
        out += "\n";
    }
    QRcode_free(code);
    return out;
}

namespace {
HttpServer* running = nullptr;
extern "C" void on_interrupt(int) {
    if (running) running->stop();
}
}  // namespace

int serve(const cli::Common& common, ServeOptions options, std::ostream& out) {
    const bool beyond = options.listen != "127.0.0.1" && options.listen != "localhost" && options.listen != "::1";
    if (beyond && options.token.empty()) options.token = new_token();
    HttpServer server(common, options);
    const int port = server.bind();
    const std::string host = options.listen == "0.0.0.0" || options.listen == "::" ? "<this machine's address>" : options.listen;
    std::string url = "http://" + host + ":" + std::to_string(port) + "/";
    if (!options.token.empty()) url += "?token=" + options.token;
    out << "Soloist companion: open " << url << "\n";
    if (beyond) {
        out << "It listens beyond this machine; every request needs the token in that address.\n";
        if (options.listen != "0.0.0.0" && options.listen != "::") out << qr_text(url);
        else out << "Replace <this machine's address> with its address on your network (hostname -I), or listen on it with --listen ADDRESS to get a QR code.\n";
    }
    out << "Stop it with Ctrl-C.\n" << std::flush;
    running = &server;
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    server.serve();
    running = nullptr;
    out << "Stopped. Saved games resume with soloist play --journal FILE or on the page.\n";
    return 0;
}

}  // namespace soloist::companion
