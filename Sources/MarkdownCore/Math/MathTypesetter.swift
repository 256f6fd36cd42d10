/// Turns a TeX math source string into terminal text: the engine's one entry point, pure and without I/O.
///
/// Display math is laid out in two dimensions and fitted to the width (broken at relations, then binary
/// operators; else the linear form wrapped; else the source). Inline math is one row in the linear form.
/// No row of any result is wider than the width or contains a control character.
public struct MathTypesetter: Sendable {
    /// Sources larger than this (UTF-8 bytes) are shown as source.
    static let maximumBytes = 100_000

    public init() {}

    /// A display formula fitted to `width` columns (at least 1).
    public func display(_ tex: String, width: Int) -> DisplayMath {
        let width = max(width, 1)
        let formula: MathFormula
        do {
            formula = try MathParser.parse(tex)
        } catch {
            return .source(error)
        }
        if let picture = picture(formula, width: width) { return .picture(picture) }
        let linear = MathLinearizer.pieces(formula)
        if let rows = MathLinearWrapper.wrap(linear, width: width),
            rows.allSatisfy({ MathWidth.of($0) <= width })
        {
            return .linear(rows)
        }
        return .source(nil)
    }

    /// An inline formula on one row.
    public func inline(_ tex: String) -> InlineMath {
        do {
            return .pieces(MathLinearizer.pieces(try MathParser.parse(tex)))
        } catch {
            return .source(error)
        }
    }

    /// The 2-D picture within `width`, broken into lines if need be; nil when it cannot fit.
    func picture(_ formula: MathFormula, width: Int) -> MathPicture? {
        let layout = MathLayout()
        var box = layout.box(formula.body)
        if box.width > width {
            switch formula.body {
            case .row(let nodes):
                guard let broken = MathLineBreaker().broken(nodes, width: width) else { return nil }
                box = broken
            case .grid(let grid) where grid.kind == .aligned || grid.kind == .gathered:
                guard let lines = brokenRows(grid, width: width) else { return nil }
                box = lines
            default:
                return nil
            }
        }
        if let tag = formula.tag { box = tagged(box, tag: tag, width: width) }
        guard box.width <= width else { return nil }
        for row in box.rows where MathWidth.of(row) != box.width {
            return nil
        }
        return MathPicture(rows: box.rows, width: box.width, baseline: box.baseline)
    }

    /// The lines of an `aligned` (or `gather`) too wide for the width, each broken on its own and
    /// stacked: the alignment is given up, the lines kept.
    func brokenRows(_ grid: MathGrid, width: Int) -> MathBox? {
        let layout = MathLayout()
        var lines: [MathBox] = []
        for row in grid.rows {
            var nodes: [MathNode] = []
            for cell in row {
                if case .row(let cellNodes) = cell { nodes.append(contentsOf: cellNodes) } else { nodes.append(cell) }
            }
            let line = layout.list(nodes)
            if line.width <= width {
                lines.append(line)
            } else if let broken = MathLineBreaker().broken(nodes, width: width) {
                lines.append(broken)
            } else {
                return nil
            }
        }
        return .stacked(lines, alignment: .left, baselineOf: 0)
    }

    /// The formula with `(tag)` after it, on its baseline row; on a row of its own, right-aligned, when the
    /// two do not fit side by side.
    func tagged(_ box: MathBox, tag: String, width: Int) -> MathBox {
        let label = MathBox("(" + tag + ")", .text)
        let gap = 4
        if box.width + gap + label.width <= width {
            return .beside([box, .blank(width: gap), label])
        }
        let total = max(box.width, label.width)
        return .stacked(
            [box.padded(to: total, .left), label.padded(to: total, .right)], alignment: .left, baselineOf: 0)
    }
}
