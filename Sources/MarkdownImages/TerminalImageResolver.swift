import FoundationEssentials
import MarkdownCore
import Synchronization

/// mdview's `ImageResolving`: starts loading every image of a document when asked to prefetch, so loads
/// overlap and ten images on a slow server cost about one round-trip; `resolve` then waits for one
/// image (all its candidates within `waitLimit`) and hands back a `DecodedTerminalImage`, which sizes and
/// encodes it (kitty, iTerm2, sixel or half-blocks) for the columns layout gives it.
///
/// Any failure gives nil (the alt-text placeholder) and one `Diagnostic.imageShownAsText` saying why.
public final class TerminalImageResolver: ImageResolving {
    /// How images are drawn and how long they may take.
    public struct Configuration: Sendable {
        public var output: ImageOutput
        public var sizer: any ImageSizer
        /// One character cell in pixels.
        public var cellWidth: Int
        public var cellHeight: Int
        public var terminalRows: Int?
        /// Colour transparent pixels are laid on.
        public var background: (UInt8, UInt8, UInt8)
        /// Longest `resolve` waits for one image (all candidates) before giving up on it.
        public var waitLimit: Double
        /// Longest a document waits for all its images together, from `prefetch` on (`--image-budget`):
        /// images not ready by then show their alt text. nil: no budget beyond `waitLimit`.
        public var budget: Double?
        /// Receives one diagnostic per image that falls back to its alt text (`--verbose`).
        public var diagnostics: (any DiagnosticSink)?
        /// kitty graphics: place pictures with Unicode placeholder cells (else at the cursor).
        public var kittyPlaceholders = false
        /// Wrap kitty and iTerm2 sequences for tmux passthrough.
        public var tmuxPassthrough = false

        public init(
            output: ImageOutput, sizer: any ImageSizer = AspectScaleDownByWidth(), cellWidth: Int = 10,
            cellHeight: Int = 20, terminalRows: Int? = nil, background: (UInt8, UInt8, UInt8) = (0, 0, 0),
            waitLimit: Double = 20, budget: Double? = nil, diagnostics: (any DiagnosticSink)? = nil
        ) {
            self.output = output
            self.sizer = sizer
            self.cellWidth = max(1, cellWidth)
            self.cellHeight = max(1, cellHeight)
            self.terminalRows = terminalRows
            self.background = background
            self.waitLimit = waitLimit
            self.budget = budget
            self.diagnostics = diagnostics
        }
    }

    public let configuration: Configuration
    public let pipeline: ImagePipeline
    /// Each image's encodings at each size, shared by all its placements.
    public let encodings = SharedEncodings()
    /// When the budget of the document prefetched last runs out.
    private let budgetDeadline = Mutex<ContinuousClock.Instant?>(nil)

    public init(configuration: Configuration, pipeline: ImagePipeline) {
        self.configuration = configuration
        self.pipeline = pipeline
    }

    public var canShowImages: Bool { configuration.output != .none }

    /// Starts loading each image's first candidate (in document order, all concurrently); the others
    /// start only if it fails.
    public func prefetch(_ images: [ImageReference], baseDirectory: URL?) {
        guard configuration.output != .none else { return }
        if let budget = configuration.budget {
            budgetDeadline.withLock { $0 = ContinuousClock.now + Self.duration(budget) }
        }
        for image in images where showsPicture(image) {
            if let source = image.sources.first,
                let location = try? ImageLocation.resolve(source, baseDirectory: baseDirectory)
            {
                pipeline.start(location)
            }
        }
    }

    public func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? {
        guard configuration.output != .none, showsPicture(image) else { return nil }
        let (outcome, source, earlier) = attempt(image, baseDirectory: baseDirectory)
        switch outcome {
        case .success(let pixels):
            let location = try? ImageLocation.resolve(source, baseDirectory: baseDirectory)
            return DecodedTerminalImage(
                reference: image, pixels: pixels, configuration: configuration,
                shared: location.map { (encodings, $0) })
        case .failure(let error):
            // Named by the first candidate, as the alt text shows it, with why each one failed.
            let failures = earlier + [(source, error)]
            let reason =
                ([failures[0].error.description] + failures.dropFirst().map { "\($0.source): \($0.error.description)" })
                .joined(separator: "; ")
            configuration.diagnostics?.emit(.imageShownAsText(source: failures[0].source, reason: reason))
            return nil
        }
    }

    /// False for a badge in half-block mode: it is shown as a text badge there (a picture one line high
    /// would be two pixels high), so it is not worth loading.
    func showsPicture(_ image: ImageReference) -> Bool {
        configuration.output != .halfBlocks || Badge(image) == nil
    }

    /// The first candidate that loads and decodes within the wait limit, or why none did. When the
    /// first fails, every other candidate starts at once and they are taken in order.
    public func decoded(_ image: ImageReference, baseDirectory: URL?) -> ImagePipeline.Outcome {
        attempt(image, baseDirectory: baseDirectory).outcome
    }

    /// `decoded`, with the candidate the outcome belongs to (the one that loaded, or the last one tried)
    /// and why each candidate before it failed, so that a message names the sources its reasons are about.
    func attempt(_ image: ImageReference, baseDirectory: URL?) -> (
        outcome: ImagePipeline.Outcome, source: String, earlier: [(source: String, error: ImageError)]
    ) {
        let own = ContinuousClock.now + Self.duration(configuration.waitLimit)
        let budget = budgetDeadline.withLock { $0 }
        let deadline = budget.map { min($0, own) } ?? own
        var failures: [(source: String, error: ImageError)] = []
        var pending: [Result<PendingValue<ImagePipeline.Outcome>, ImageError>] = []
        for (index, source) in image.sources.enumerated() {
            if index == 1 {
                // The first failed: start the rest together.
                pending += image.sources.dropFirst().map { start($0, baseDirectory: baseDirectory) }
            }
            let candidate = index == 0 ? start(source, baseDirectory: baseDirectory) : pending[index - 1]
            switch candidate {
            case .failure(let error):
                failures.append((source, error))
            case .success(let load):
                let left = deadline - ContinuousClock.now
                let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
                guard let outcome = load.wait(seconds: seconds) else {
                    if let budget, let seconds = configuration.budget, budget <= own {
                        // The document waits no longer: a decode still waiting for memory gives up.
                        if let location = try? ImageLocation.resolve(source, baseDirectory: baseDirectory) {
                            pipeline.abandon(location)
                        }
                        return (.failure(.overBudget(seconds: seconds)), source, failures)
                    }
                    return (.failure(.stillLoading(seconds: configuration.waitLimit)), source, failures)
                }
                switch outcome {
                case .success: return (outcome, source, failures)
                case .failure(let error): failures.append((source, error))
                }
            }
        }
        guard let last = failures.popLast() else { return (.failure(.noSource), image.source, []) }
        return (.failure(last.error), last.source, failures)
    }

    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64(min(seconds, 1e9) * 1000))
    }

    private func start(_ source: String, baseDirectory: URL?) -> Result<PendingValue<ImagePipeline.Outcome>, ImageError>
    {
        Result { () throws(ImageError) -> PendingValue<ImagePipeline.Outcome> in
            pipeline.start(try ImageLocation.resolve(source, baseDirectory: baseDirectory))
        }
    }
}
