import FoundationEssentials
import Glibc
import MarkdownCore

/// Renders a list of inputs one after another; a bad input is reported and skipped, never fatal.
struct RenderSession {
    let renderer: MarkdownRenderer
    let diagnostics: Diagnostics
    let output: StandardOutput

    /// Renders every input; returns true when any of them failed.
    ///
    /// Each input's model stays alive in `keptAlive` until the process exits: the command ends right
    /// after rendering, and the kernel reclaims the memory faster than freeing it object by object.
    func render(_ inputs: [String], keptAlive: inout [Any]) -> Bool {
        var failed = false
        var first = true
        let titled = inputs.count > 1
        for input in inputs {
            let source: InputSource
            do {
                source = try InputSource.read(input)
            } catch {
                diagnostics.error(error)
                failed = true
                continue
            }
            var bytes: [UInt8] = []
            if titled {
                if !first { bytes.append(0x0A) }
                bytes += title(for: source.displayName)
            }
            first = false
            let rendering = renderer.renderKeepingModel(source.text, baseDirectory: source.baseDirectory)
            bytes += rendering.bytes
            output.write(bytes)
            keptAlive.append(rendering)
            keptAlive.append(source)
        }
        return failed
    }

    /// The line that separates several files: `── name ──────`, wrapped when the name is long.
    private func title(for name: String) -> [UInt8] {
        let width = renderer.capabilities.width
        let label = "── " + ControlCharacterSanitizer.sanitize(name) + " "
        var lines = TextWrapper(width: width).wrap([Span(label, style: renderer.theme.heading(level: 1))])
            .map { StyledLine($0) }
        if let last = lines.indices.last {
            let used = lines[last].spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
            let rest = width - used - (used == 0 ? 0 : 1)
            if rest > 0 {
                lines[last].spans.append(
                    Span(" " + String(repeating: "─", count: rest), style: renderer.theme.thematicBreak))
            }
        }
        var out: [UInt8] = []
        TerminalWriter(colorDepth: renderer.capabilities.colorDepth, hyperlinks: false).write(
            lines + [.blank], into: &out)
        return out
    }
}
