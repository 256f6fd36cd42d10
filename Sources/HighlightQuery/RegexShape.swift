/// What a `#match?` regex would cost to compile and run, counted from its text before any engine sees it.
///
/// glibc's `regcomp` copies the repeated expression for each `+` (`x+` is `xx*`) and `{n,m}` (m copies),
/// so stacked or nested repetitions grow its tree exponentially: `a` followed by 20 `+` takes 700 MB.
/// Rust's regex, the syntax queries are written in, refuses such a pattern by its compiled size limit;
/// `nodes` is that rule counted before compiling. Swift's `Regex`, which runs what glibc's syntax cannot
/// say, backtracks, so a repetition of a group that itself repeats (`(?:a+)+$`) takes time exponential
/// in the length of the text it fails on; `repeatsRepetition` says so. Rust's engine has neither cost.
struct RegexShape {
    /// An upper bound on the nodes of the tree glibc builds: every literal, escape, class and group
    /// counts one, `+` doubles and `{n,m}` multiplies the expression before it. Saturates just past
    /// `QueryLimits.maximumRegexNodes`.
    private(set) var nodes = 0
    /// Whether `*`, `+` or `{…}` applies to a group that holds one of them.
    private(set) var repeatsRepetition = false
    /// How deep groups and classes nest, read as Swift's `Regex` reads them (a `[` inside a class opens
    /// a class in it): its parser recurses once per level, so thousands of levels overflow the stack.
    /// An escaped byte opens nothing; an unclosed level counts as open to the end.
    private(set) var depth = 0

    init(_ pattern: String) {
        var open = 0
        var escaped = false
        for byte in pattern.utf8 {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                open += 1
                depth = max(depth, open)
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                open = max(0, open - 1)
            }
        }
        let ceiling = QueryLimits.maximumRegexNodes + 1
        // The size before each open group, and whether the group holds a repetition so far.
        var groups: [(start: Int, repeats: Bool)] = []
        var repeats = false
        var last = (size: 0, repeats: false)
        var scalars = Array(pattern.unicodeScalars)[...]
        func add(_ size: Int, repeating: Bool = false) {
            last = (min(size, ceiling), repeating)
            nodes = min(nodes + last.size, ceiling)
        }
        func repeatLast(times: Int) {
            if last.repeats { repeatsRepetition = true }
            repeats = true
            let grown = last.size.multipliedReportingOverflow(by: max(times, 1))
            let size = grown.overflow ? ceiling : min(grown.partialValue, ceiling)
            nodes = min(nodes + size - last.size, ceiling)
            last = (size, true)
        }
        while let scalar = scalars.popFirst(), nodes < ceiling {
            switch scalar {
            case "\\":
                _ = scalars.popFirst()
                add(1)
            case "[":
                // A class is one node whatever it holds: skip to its closing `]` (one right after `[` or
                // `[^` is a member), past escapes and `[:name:]`.
                if scalars.first == "^" { scalars.removeFirst() }
                if scalars.first == "]" { scalars.removeFirst() }
                while let member = scalars.popFirst(), member != "]" {
                    if member == "\\" {
                        _ = scalars.popFirst()
                    } else if member == "[", scalars.first == ":" {
                        while let name = scalars.popFirst(), name != "]" {}
                    }
                }
                add(1)
            case "(":
                groups.append((nodes, repeats))
                nodes = 0
                repeats = false
            case ")":
                guard let group = groups.popLast() else {
                    add(1)
                    continue
                }
                let size = max(nodes, 1)
                let inner = repeats
                nodes = group.start
                repeats = group.repeats || inner
                add(size, repeating: inner)
            case "+", "*":
                repeatLast(times: scalar == "+" ? 2 : 1)
            case "{":
                // `{n}`, `{n,}` or `{n,m}`: the expression copied up to max(n, m) + 1 times.
                var count = 0
                var digits = 0
                while let next = scalars.first, next == "," || ("0"..."9").contains(next) {
                    scalars.removeFirst()
                    if next == "," {
                        count = max(count, digits)
                        digits = 0
                    } else {
                        digits = min(digits * 10 + Int(next.value - 48), ceiling)
                    }
                }
                count = max(count, digits)
                if scalars.first == "}" {
                    scalars.removeFirst()
                    repeatLast(times: count + 1)
                } else {
                    add(1)
                }
            case "?", "|", "^", "$":
                continue
            default:
                add(1)
            }
        }
        while let group = groups.popLast() { nodes = min(group.start + max(nodes, 1), ceiling) }
    }
}
