/// Inside an open block quote, alert or bullet list, what is already settled is final: its lines are
/// returned as soon as a parse shows them settled (`SettledPart`), remembered (`CommittedPrefix`), and
/// skipped when the block grows and when it becomes final.
extension MarkdownStream {
    /// After a parse of the complete lines: returns the lines of the one open top-level block's
    /// settled part that were not returned yet.
    mutating func settleOpenBlock(into final: inout [StyledLine]) {
        if case .awaitingDefinition? = openTail { return }
        // Held blocks come first: nothing after them is final before they are.
        if held != nil { return }
        guard let tail = lastTail, tail.blocks.count == 1 else { return }
        let known = committed?.part.count ?? 0
        guard let part = SettledPart(of: tail.blocks[0], checked: known), part.count > known else { return }
        if renderer.parseOptions.html != .raw && htmlScan.mayHoldHTMLBlock(source, upTo: tail.length) { return }
        guard var committed else {
            let lines = part.lines(renderer, baseDirectory: baseDirectory)
            guard !lines.isEmpty else { return }
            append(lines, to: &final)
            self.committed = CommittedPrefix(
                part: part, lines: lines, provisionalLineCount: provisionalLineCount(of: part, lines: lines))
            return
        }
        if let added = part.linesAdded(since: committed.part, renderer, baseDirectory: baseDirectory) {
            var provisionalCount = committed.provisionalLineCount + added.count
            if renderer.resolver.images != nil {
                let provisional = part.linesAdded(
                    since: committed.part, provisionalRenderer, baseDirectory: baseDirectory)
                provisionalCount =
                    provisional.map { committed.provisionalLineCount + $0.count }
                    ?? part.lines(provisionalRenderer, baseDirectory: baseDirectory).count
            }
            self.committed = nil  // the lines are appended in place, not copied
            committed.append(added, for: part, provisionalLineCount: provisionalCount)
            final += added
            self.committed = committed
            return
        }
        let lines = part.lines(renderer, baseDirectory: baseDirectory)
        let provisionalCount = provisionalLineCount(of: part, lines: lines)
        // Lines that do not start with those returned for the settled part so far leave it as it is (the
        // block's lines are then returned when it ends, and stream tests compare them with a one-shot render).
        guard let added = committed.extend(to: part, lines: lines, provisionalLineCount: provisionalCount) else {
            return
        }
        final += added
        self.committed = committed
    }

    /// Returns the lines of blocks that became final: when the first of them had its settled part
    /// returned already, only the lines after it.
    mutating func appendFinal(_ lines: [StyledLine], to final: inout [StyledLine]) {
        guard let committed else {
            append(lines, to: &final)
            return
        }
        self.committed = nil
        if let rest = committed.remainder(of: lines) {
            final += rest
        } else {
            final += lines.dropFirst(committed.lines.count)
        }
    }

    /// How many provisional lines `part`, whose final lines are `lines`, takes: the provisional tail
    /// draws no pictures.
    func provisionalLineCount(of part: SettledPart, lines: [StyledLine]) -> Int {
        guard renderer.resolver.images != nil else { return lines.count }
        return part.lines(provisionalRenderer, baseDirectory: baseDirectory).count
    }
}
