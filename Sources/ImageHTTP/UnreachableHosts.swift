import Glibc
import MarkdownImages
import Synchronization

/// What failed transfers taught this process about the network: hosts whose name does not resolve, and
/// whether there is no route at all. A README with 81 badges on one host, on a machine without
/// network, then pays for one failure, not 81 (each waiting out its own time-outs).
///
/// Only failures the system reports as definite count (a DNS answer that the name does not resolve, no
/// route to the network): a slow or refused connection is the host's business, never remembered.
final class UnreachableHosts: Sendable {
    /// How far a failure reaches.
    enum Scope: Equatable {
        /// This host (its name does not resolve, or there is no route to it).
        case host
        /// Every host (no route to the network, or the proxy's name does not resolve).
        case network
    }

    private struct State {
        var hosts: [String: ImageError] = [:]
        var network: ImageError?
    }

    private let state = Mutex(State())

    /// The failure `host` is known to meet, or nil when it is worth trying.
    func failure(for host: String) -> ImageError? {
        state.withLock { $0.network ?? $0.hosts[host.lowercased()] }
    }

    /// Remembers a definite failure and returns it as the error to report.
    func record(_ scope: Scope, host: String, reason: String) -> ImageError {
        let host = host.lowercased()
        return state.withLock { state in
            switch scope {
            case .host:
                let error = ImageError.unreachable(host: host, reason: reason)
                state.hosts[host] = error
                return error
            case .network:
                let error = ImageError.unreachable(host: nil, reason: reason)
                state.network = error
                return error
            }
        }
    }

    /// The reach of a libcurl failure, or nil when it says nothing about later transfers.
    static func scope(curlCode: Int, osErrno: Int) -> Scope? {
        switch curlCode {
        case 6: return .host  // CURLE_COULDNT_RESOLVE_HOST
        case 5: return .network  // CURLE_COULDNT_RESOLVE_PROXY
        case 7 where osErrno == Int(ENETUNREACH): return .network  // CURLE_COULDNT_CONNECT: no route
        case 7 where osErrno == Int(EHOSTUNREACH): return .host
        default: return nil
        }
    }
}
