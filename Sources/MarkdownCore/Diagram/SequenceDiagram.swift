/// A sequence diagram as read from its Mermaid source: participants in the order they appear and the
/// events between them, top to bottom. What layout draws, and what the tests' read-back must give back.
public struct SequenceDiagram: Equatable, Sendable {
    /// A lifeline: its identifier, the name its box shows, and whether it was declared an `actor`.
    public struct Participant: Equatable, Sendable {
        public var id: String
        public var label: String
        public var isActor: Bool

        public init(id: String, label: String, isActor: Bool = false) {
            self.id = id
            self.label = label
            self.isActor = isActor
        }
    }

    /// What a message's arrow ends in at its receiver.
    public enum Head: Equatable, Sendable, CaseIterable {
        /// `->`, `-->`: a plain line.
        case none
        /// `->>`, `-->>`: a filled arrowhead.
        case arrow
        /// `-)`, `--)`: an open arrowhead (an asynchronous message).
        case open
        /// `-x`, `--x`: a cross.
        case cross
    }

    /// A message between two participants (the same one for a self-message), by index.
    public struct Message: Equatable, Sendable {
        public var from: Int
        public var to: Int
        /// `.solid` or `.dotted` (`--`).
        public var style: FlowGraph.LineStyle
        public var head: Head
        /// The text after `:`, with the `autonumber` number in front when numbering is on.
        public var text: String

        public init(from: Int, to: Int, style: FlowGraph.LineStyle = .solid, head: Head = .arrow, text: String = "") {
            self.from = from
            self.to = to
            self.style = style
            self.head = head
            self.text = text
        }
    }

    /// Where a note sits: beside one lifeline, or over one or a range of them (by index, `first <= last`).
    public enum NotePlacement: Equatable, Sendable {
        case leftOf(Int)
        case rightOf(Int)
        case over(first: Int, last: Int)
    }

    /// The keywords that open a frame (`rect` has no title).
    public enum FrameKind: String, Equatable, Sendable, CaseIterable {
        case loop, alt, opt, par, critical
        case breakFrame = "break"
        case rect
    }

    /// One step down the diagram.
    public enum Event: Equatable, Sendable {
        case message(Message)
        case note(NotePlacement, String)
        /// A frame opens, with its condition or title.
        case frameStart(FrameKind, String)
        /// `else`, `and` or `option` starts the frame's next section.
        case frameSection(keyword: String, String)
        case frameEnd
    }

    /// A span in which a participant is active (`activate`, or `+`/`-` on a message), drawn as a heavy
    /// bar on its lifeline: from the arrow of message `first` to that of message `last` (message
    /// indices, `first <= last`).
    public struct Activation: Equatable, Sendable {
        public var participant: Int
        public var first: Int
        public var last: Int

        public init(participant: Int, first: Int, last: Int) {
            self.participant = participant
            self.first = first
            self.last = last
        }
    }

    /// The `title` line's text, drawn above the diagram; empty without one.
    public var title: String
    public var participants: [Participant]
    public var events: [Event]
    /// The activations, in the order they end.
    public var activations: [Activation]

    public init(
        title: String = "", participants: [Participant] = [], events: [Event] = [], activations: [Activation] = []
    ) {
        self.title = title
        self.participants = participants
        self.events = events
        self.activations = activations
    }

    /// The messages, in order.
    public var messages: [Message] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }
}
