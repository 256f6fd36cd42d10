import Foundation
import MarkdownCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// URLSession's delegate for `HTTPImageLoader`: applies the redirect, status, byte-cap and deadline
/// rules to each transfer as it happens, and resumes the waiting fetch exactly once.
final class HTTPTransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = CheckedContinuation<Result<HTTPImageLoader.Outcome, ImageError>, Never>

    private struct Transfer {
        var continuation: Completion
        var scheme: String
        var body: [UInt8] = []
        var failure: ImageError?
        var redirects = 0
    }

    private let settings: HTTPImageLoader.Settings
    private let transfers = LockedValue<[Int: Transfer]>([:])

    init(settings: HTTPImageLoader.Settings) {
        self.settings = settings
    }

    func begin(_ task: URLSessionTask, scheme: String, continuation: Completion) {
        let id = task.taskIdentifier
        transfers.update { $0[id] = Transfer(continuation: continuation, scheme: scheme) }
        let total = settings.totalTimeout
        DispatchQueue.global().asyncAfter(deadline: .now() + total) { [weak self, weak task] in
            guard let self, let task else { return }
            if self.fail(id, .timedOut(seconds: total)) { task.cancel() }
        }
    }

    /// Records the first failure of a live transfer; false when it already ended or failed.
    private func fail(_ id: Int, _ error: ImageError) -> Bool {
        transfers.update { all in
            guard all[id] != nil, all[id]?.failure == nil else { return false }
            all[id]?.failure = error
            return true
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let id = task.taskIdentifier
        let limit = settings.maxRedirects
        let verdict: ImageError? = transfers.update { all in
            guard var transfer = all[id] else { return .network("unknown transfer") }
            transfer.redirects += 1
            all[id] = transfer
            if transfer.redirects > limit { return .tooManyRedirects(limit: limit) }
            // Check the Location header as sent, too: URLSession may rewrite a foreign-scheme target.
            let location = (response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "location" }?.value as? String) ?? ""
            if let scheme = ImageLocation.scheme(of: location), scheme != transfer.scheme {
                return .redirectRefused(to: location)
            }
            let target = request.url?.scheme?.lowercased() ?? ""
            if target != transfer.scheme { return .redirectRefused(to: request.url?.absoluteString ?? "?") }
            return nil
        }
        if let verdict {
            _ = fail(id, verdict)
            completionHandler(nil)
            task.cancel()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        var refusal: ImageError?
        if status != 200 && status != 304 {
            refusal = .httpStatus(status)
        } else if response.expectedContentLength > Int64(settings.maxBytes) {
            refusal = .tooManyBytes(limit: settings.maxBytes)
        }
        if let refusal {
            _ = fail(id, refusal)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let cap = settings.maxBytes
        let overflow: Bool = transfers.update { all in
            guard var transfer = all[id], transfer.failure == nil else { return false }
            if transfer.body.count + data.count > cap {
                transfer.failure = .tooManyBytes(limit: cap)
                all[id] = transfer
                return true
            }
            transfer.body.append(contentsOf: data)
            all[id] = transfer
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let id = task.taskIdentifier
        guard let transfer = transfers.update({ $0.removeValue(forKey: id) }) else { return }
        let response = task.response as? HTTPURLResponse
        let headers = HTTPHeaders(
            (response?.allHeaderFields ?? [:]).reduce(into: [String: String]()) { out, field in
                if let name = field.key as? String, let value = field.value as? String { out[name] = value }
            })
        let result: Result<HTTPImageLoader.Outcome, ImageError>
        if let failure = transfer.failure {
            result = .failure(failure)
        } else if let error {
            let code = (error as NSError).code
            result = .failure(code == NSURLErrorTimedOut ? .timedOut(seconds: settings.idleTimeout) : .network(error.localizedDescription))
        } else if response?.statusCode == 304 {
            result = .success(.notModified(headers))
        } else if response?.statusCode == 200 {
            result = .success(.fetched(transfer.body, headers))
        } else {
            result = .failure(.httpStatus(response?.statusCode ?? 0))
        }
        transfer.continuation.resume(returning: result)
    }
}
