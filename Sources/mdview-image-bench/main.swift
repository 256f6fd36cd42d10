// Times the image stages on one file, for scripts/bench-images.sh:
//   mdview-image-bench FILE [COLUMNS] [RUNS]
// prints the median of RUNS runs (default 15) for decoding, and for sizing + resampling + sixel (and
// half-block, kitty, iTerm2) encoding to COLUMNS (default 80) cells of 10×20 pixels, in milliseconds of CPU time (this process
// is single-threaded here, so CPU time is what an idle machine's wall clock would show; on a busy
// machine the wall clock also counts waiting for a core). The wall-clock median is printed as well.
import Dispatch
import Glibc
import MarkdownCore
import MarkdownImages

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: mdview-image-bench FILE [COLUMNS] [RUNS]")
    exit(2)
}
let columns = arguments.count > 2 ? Int(arguments[2]) ?? 80 : 80
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 15 : 15

nonisolated(unsafe) var wallTimes: [Double] = []

func cpuNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// CPU milliseconds of `body`; the wall-clock milliseconds go to `wallTimes`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = cpuNow()
    try body()
    wallTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    return cpuNow() - cpu
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

do {
    let bytes = try FileImageLoader().read(arguments[1])
    var image = try ImageDecoder().decode(bytes)
    let decode = median(try (0..<runs).map { _ in try milliseconds { image = try ImageDecoder().decode(bytes) } })
    let context = SizingContext(availableColumns: columns, cellWidth: 10, cellHeight: 20)
    let size = AspectScaleDownByWidth().displaySize(
        for: arguments[1], natural: PixelSize(width: image.width, height: image.height), in: context)
    let footprint = CellFootprint(covering: size, cellWidth: 10, cellHeight: 20)
    var payload = 0
    wallTimes = []
    let sixel = median(
        try (0..<runs).map { _ in
            try milliseconds {
                if case .graphic(let g) = try SixelEncoder().encode(image, displaySize: size, footprint: footprint) {
                    payload = g.payload.count
                }
            }
        })
    let sixelWall = median(wallTimes)
    let blocks = median(
        try (0..<runs).map { _ in
            try milliseconds { _ = try HalfBlockEncoder().encode(image, displaySize: size, footprint: footprint) }
        })
    var kittyBytes = 0
    let kitty = median(
        try (0..<runs).map { _ in
            try milliseconds {
                let encoder = KittyGraphicsEncoder(placement: .unicodePlaceholders, cellWidth: 10, cellHeight: 20)
                if case .cells(let lines) = try encoder.encode(image, displaySize: size, footprint: footprint) {
                    kittyBytes = lines.first?.graphic?.payload.count ?? 0
                }
            }
        })
    var itermBytes = 0
    let iterm = median(
        try (0..<runs).map { _ in
            try milliseconds {
                let encoder = ITermImageEncoder(cellWidth: 10, cellHeight: 20)
                if case .graphic(let g) = try encoder.encode(image, displaySize: size, footprint: footprint) {
                    itermBytes = g.payload.count
                }
            }
        })
    print("decode \(image.width)x\(image.height): \(format3(decode)) ms CPU")
    print(
        "sixel encode to \(size) (\(footprint.columns)x\(footprint.rows) cells): \(format3(sixel)) ms CPU (\(format3(sixelWall)) ms wall), \(payload) bytes"
    )
    print("half-block encode (\(footprint.columns)x\(footprint.rows) cells): \(format3(blocks)) ms CPU")
    print("kitty encode (RGB or RGBA, base64, placeholders): \(format3(kitty)) ms CPU, \(kittyBytes) bytes")
    print("iTerm2 encode (libpng, base64): \(format3(iterm)) ms CPU, \(itermBytes) bytes")
} catch {
    print("mdview-image-bench: \(error)")
    exit(1)
}

func format3(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
