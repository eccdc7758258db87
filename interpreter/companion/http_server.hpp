#pragma once
// `soloist serve`: the companion page and its JSON API over HTTP (cpp-httplib).
#include <memory>
#include <string>
#include <thread>

#include "cli/common.hpp"

namespace soloist::companion {

struct ServeOptions {
    std::string listen = "127.0.0.1";
    int port = 8080;     // 0: any free port
    std::string token;   // required of every request when not empty
};

// A running server; stopped when destroyed.
class HttpServer {
public:
    HttpServer(const cli::Common& common, ServeOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds the address; the port it got (a free one when asked for 0). Throws GameError.
    int bind();
    // Serves until stop() (blocking).
    void serve();
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The command: binds, prints where to open the page (with the token and a QR code when it
// listens beyond this machine), serves until interrupted.
int serve(const cli::Common& common, ServeOptions options, std::ostream& out);

// A new random token: 128 bits from the system, as 32 hex digits.
std::string new_token();

// A QR code of `text` drawn with Unicode half blocks, for a terminal; "" when it cannot be made.
std::string qr_text(const std::string& text);

}  // namespace soloist::companion
