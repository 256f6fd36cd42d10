import Glibc

/// A failed transfer said in mdview's words: libcurl's own messages ("Failed writing received data to
/// disk/application" for headers mdview refused to keep) describe libcurl's inside, not what the user
/// can do about it.
enum TransferFailure {
    /// Why the transfer that ended with libcurl's `code` failed; `osErrno` is the system's error behind
    /// a failed connection, or 0.
    static func reason(curlCode code: Int, osErrno: Int) -> String {
        let system = osErrno > 0 ? String(cString: strerror(Int32(osErrno))) : nil
        switch code {
        case 1, 3: return "not a URL mdview can fetch"
        case 5: return "the proxy's name does not resolve"
        case 6: return "the host name does not resolve"
        case 7: return system.map { "cannot connect: \($0)" } ?? "cannot connect"
        case 8, 16: return "the server's reply is not valid HTTP"
        case 18: return "the connection closed before the whole response arrived"
        case 23: return "the server's response headers are too large"
        case 27, 100: return "a header line of the server's response is too long"
        case 35, 53, 54, 58, 59, 64, 66, 80, 82, 83, 90, 91: return "the TLS connection could not be set up"
        case 47: return "too many redirects"
        case 52: return "the server closed the connection without a reply"
        case 55:
            return system.map { "the connection failed while sending: \($0)" } ?? "the connection failed while sending"
        case 56:
            return system.map { "the connection failed while receiving: \($0)" }
                ?? "the connection failed while receiving"
        case 60: return "the server's certificate could not be verified"
        case 61: return "the response's content encoding could not be decoded"
        case 92: return "the HTTP/2 stream was reset by the server"
        default: return "the transfer failed (libcurl code \(code))"
        }
    }
}
