#!/usr/bin/env python3
"""Edge crossings over the flowchart corpus: mdview's own layered layout against Graphviz's dot.

Every flowchart of the read-back corpus (Tests/MarkdownCoreTests/Diagram/DiagramCorpus.swift, taken
out the way scripts/bench-diagrams.sh does) is drawn by mdview at 120 columns, counting the crossings
drawn (the `┼` where two lines cross), and laid out by `dot -Tplain` from the same nodes, labelled
edges and clusters, counting two figures for dot: the crossings of its rank and order (pairs of edges
that swap places between adjacent rank levels, the measure crossing reduction minimises) and the
crossings of the splines it draws.

    scripts/compare-crossings.py [path/to/mdview]

Graphviz is needed for this measurement only; without `dot` the script says so and exits 0.
"""
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Tests/MarkdownCoreTests/Diagram/DiagramCorpus.swift")


def corpus_charts():
    """The corpus's flowcharts as (name, source), as bench-diagrams.sh reads them."""
    text = open(CORPUS, encoding="utf-8").read().split("static let fallbacks")[0]
    unescape = lambda s: re.sub(r"\\(.)", lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), s)
    charts = []
    for name, body in re.findall(r'\(\s*"([^"]*)",\s*"""\n(.*?)\n\s*"""', text, re.S):
        charts.append((name, textwrap.dedent(body).strip("\n")))
    for name, body in re.findall(r'\(\s*"([^"]*)",\s*"((?:flowchart|graph) (?:[^"\\\n]|\\.)*)"', text):
        charts.append((name, unescape(body)))
    return charts


SHAPES = [("([", "])"), ("[[", "]]"), ("[(", ")]"), ("((", "))"), ("{{", "}}"), ("[", "]"), ("(", ")"),
          ("{", "}"), (">", "]")]
ID = re.compile(r"[\w\u0080-\uffff][\w.\u0080-\uffff]*")
LINK = re.compile(r"(<|o|x)?(-{2,}|={2,}|-\.+-)(>|o|x)?(?=[\s\w|\"])")
TEXT_LINK = re.compile(r"(--|==|-\.)\s+(.*?)\s+(-{2,}>|={2,}>|\.-+>|-{3,}|={3,}|\.-+)")


def parse(source):
    """A Mermaid flowchart's nodes (id → label), edges (from, to, label) and clusters (title, ids)."""
    nodes, edges, clusters, stack = {}, [], [], []
    for raw in re.split(r"[\n;]", source)[1:]:
        line = raw.split("%%")[0].strip()
        word = line.split(" ")[0] if line else ""
        if not line or word in ("classDef", "class", "style", "linkStyle", "click", "direction"):
            continue
        if word == "subgraph":
            title = line[len("subgraph"):].strip()
            if "[" in title and title.endswith("]"):
                title = title[title.index("[") + 1:-1]
            clusters.append((title.strip('"'), []))
            stack.append(len(clusters) - 1)
            continue
        if line == "end":
            stack and stack.pop()
            continue
        position, previous, label = 0, None, None
        while position < len(line):
            group = []
            while True:
                position = skip(line, position)
                match = ID.match(line, position)
                if not match:
                    break
                node, position = match.group(0), match.end()
                for opener, closer in SHAPES:
                    if line.startswith(opener, position):
                        end = line.find(closer, position + len(opener))
                        if line[position + len(opener)] == '"':
                            end = line.find(closer, line.find('"', position + len(opener) + 1))
                        nodes[node] = line[position + len(opener):end].strip('"').replace("<br>", " ")
                        position = end + len(closer)
                        break
                nodes.setdefault(node, node)
                if stack and all(node not in members for _, members in clusters):
                    clusters[stack[-1]][1].append(node)
                group.append(node)
                position = skip(line, position)
                if not line.startswith("&", position):
                    break
                position += 1
            if previous is not None:
                for a, b in itertools.product(previous, group):
                    edges.append((a, b, label))
            previous, label = group, None
            position = skip(line, position)
            text = TEXT_LINK.match(line, position)
            link = LINK.match(line, position)
            if text:
                label, position = text.group(2).strip('"'), text.end()
            elif link:
                position = link.end()
                if line.startswith("|", position):
                    end = line.index("|", position + 1)
                    label, position = line[position + 1:end].strip('"'), end + 1
            else:
                break
    return nodes, edges, clusters


def skip(line, position):
    while position < len(line) and line[position] in " \t":
        position += 1
    return position


def to_dot(source, nodes, edges, clusters):
    quote = lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'
    header = source.split("\n")[0].split()
    direction = header[1].upper() if len(header) > 1 else "TD"
    out = ["digraph G {", f"rankdir={ {'LR': 'LR', 'RL': 'RL', 'BT': 'BT'}.get(direction, 'TB') };",
           "node [shape=box];"]
    for index, (title, members) in enumerate(clusters):
        out.append(f"subgraph cluster_{index} {{ label={quote(title)}; "
                   + " ".join(quote(m) for m in members) + " }")
    for node, label in nodes.items():
        out.append(f"{quote(node)} [label={quote(label)}];")
    for a, b, label in edges:
        out.append(f"{quote(a)} -> {quote(b)}" + (f" [label={quote(label)}]" if label else "") + ";")
    out.append("}")
    return "\n".join(out)


def bezier(points, steps=12):
    """A B-spline's control points (cubic Bézier pieces) as a polyline."""
    line = [points[0]]
    for start in range(0, len(points) - 3, 3):
        p0, p1, p2, p3 = points[start:start + 4]
        for step in range(1, steps + 1):
            t = step / steps
            u = 1 - t
            line.append(tuple(u**3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t**3 * d
                              for a, b, c, d in zip(p0, p1, p2, p3)))
    return line


def intersection(p, q, r, s):
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if abs(d) < 1e-12:
        return None
    t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
    u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
    if 0 < t < 1 and 0 < u < 1:
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    return None


def dot_crossings(dot_source, rankdir_lr):
    """dot's (order crossings, drawn spline crossings) for one graph."""
    plain = subprocess.run(["dot", "-Tplain"], input=dot_source, capture_output=True, text=True, check=True).stdout
    boxes, splines = {}, []
    for row in plain.splitlines():
        fields = shlex.split(row)
        if fields[0] == "node":
            x, y, w, h = map(float, fields[2:6])
            boxes[fields[1]] = (x, y, w, h)
        elif fields[0] == "edge":
            count = int(fields[3])
            points = [(float(fields[4 + 2 * i]), float(fields[5 + 2 * i])) for i in range(count)]
            splines.append((fields[1], fields[2], points))
    # Rank and order: the rank axis is y (x when left-right); levels are the distinct rank coordinates.
    along = (lambda p: p[0]) if rankdir_lr else (lambda p: p[1])
    across = (lambda p: p[1]) if rankdir_lr else (lambda p: p[0])
    levels = sorted({round(along(b[:2]), 2) for b in boxes.values()})
    polylines = [(a, b, bezier(points)) for a, b, points in splines]

    def at(line, level):
        for p, q in zip(line, line[1:]):
            lo, hi = sorted((along(p), along(q)))
            if lo <= level <= hi and hi > lo:
                t = (level - along(p)) / (along(q) - along(p))
                return across(p) + t * (across(q) - across(p))
        return None

    def positions(tail, head, line):
        ends = {round(along(boxes[tail][:2]), 2): across(boxes[tail][:2]),
                round(along(boxes[head][:2]), 2): across(boxes[head][:2])}
        lo, hi = sorted(ends)
        result = {}
        for level in levels:
            if level in ends:
                result[level] = ends[level]
            elif lo < level < hi:
                value = at(line, level)
                if value is not None:
                    result[level] = value
        return result

    placed = [positions(a, b, line) for a, b, line in polylines]
    order = 0
    for first, second in itertools.combinations(placed, 2):
        for upper, lower in zip(levels, levels[1:]):
            if all(level in spans for spans in (first, second) for level in (upper, lower)):
                before = first[upper] - second[upper]
                after = first[lower] - second[lower]
                if before * after < 0:
                    order += 1

    def inside_box(point):
        return any(abs(point[0] - x) <= w / 2 and abs(point[1] - y) <= h / 2 for x, y, w, h in boxes.values())

    drawn = 0
    for (_, _, first), (_, _, second) in itertools.combinations(polylines, 2):
        points = []
        for p, q in zip(first, first[1:]):
            for r, s in zip(second, second[1:]):
                point = intersection(p, q, r, s)
                if point and not inside_box(point) and all(abs(point[0] - a) + abs(point[1] - b) > 0.05
                                                           for a, b in points):
                    points.append(point)
        drawn += len(points)
    return order, drawn


def mdview_crossings(mdview, source):
    document = f"```mermaid\n{source}\n```\n"
    drawn = subprocess.run([mdview, "--width", "120", "--color", "never", "-"], input=document,
                           capture_output=True, text=True).stdout
    return len(re.findall("[┼╋╂┿]", drawn)), "shown as source" in drawn


def main():
    if shutil.which("dot") is None:
        print("compare-crossings: Graphviz's dot is not installed (apt-get install graphviz); skipped")
        return 0
    candidates = sys.argv[1:2] or [os.path.join(ROOT, p) for p in (".build/release/mdview", ".build/debug/mdview")]
    mdview = next((c for c in candidates if os.path.exists(c)), None)
    if mdview is None:
        print("compare-crossings: no mdview binary (build first, or pass its path)")
        return 1
    totals = [0, 0, 0]
    charts = corpus_charts()
    print(f"{'chart':32} {'mdview':>7} {'dot order':>10} {'dot drawn':>10}")
    for name, source in charts:
        nodes, edges, clusters = parse(source)
        header = source.split("\n")[0].split()
        lr = len(header) > 1 and header[1].upper() in ("LR", "RL")
        order, drawn = dot_crossings(to_dot(source, nodes, edges, clusters), lr)
        own, fallback = mdview_crossings(mdview, source)
        totals = [totals[0] + own, totals[1] + order, totals[2] + drawn]
        print(f"{name[:32]:32} {own:>7} {order:>10} {drawn:>10}" + ("  (mdview: shown as source)" if fallback else ""))
    print(f"{'total':32} {totals[0]:>7} {totals[1]:>10} {totals[2]:>10}")
    print(f"over {len(charts)} flowcharts: mdview draws {totals[0]} crossings; dot has {totals[1]} in its rank order, "
          f"{totals[2]} in its splines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
