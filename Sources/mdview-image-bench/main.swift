// Times the image stages on one file, for scripts/bench-images.sh:
//   mdview-image-bench FILE [COLUMNS] [RUNS]
// prints the median of RUNS runs (default 15) for decoding, and for sizing + resampling + sixel
// encoding to COLUMNS (default 80) cells of 10×20 pixels, in milliseconds.
import Dispatch
import Glibc
import MarkdownCore

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: mdview-image-bench FILE [COLUMNS] [RUNS]")
    exit(2)
}
let columns = arguments.count > 2 ? Int(arguments[2]) ?? 80 : 80
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 15 : 15

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

do {
    let bytes = try FileImageLoader().read(arguments[1])
    var image = try ImageDecoder().decode(bytes)
    let decode = median(try (0..<runs).map { _ in try milliseconds { image = try ImageDecoder().decode(bytes) } })
    let context = SizingContext(availableColumns: columns, cellWidth: 10, cellHeight: 20)
    let size = AspectScaleDownByWidth().displaySize(for: arguments[1], natural: PixelSize(width: image.width, height: image.height), in: context)
    let footprint = CellFootprint(covering: size, cellWidth: 10, cellHeight: 20)
    var payload = 0
    let sixel = median(try (0..<runs).map { _ in
        try milliseconds {
            if case .graphic(let g) = try SixelEncoder().encode(image, displaySize: size, footprint: footprint) { payload = g.payload.count }
        }
    })
    let blocks = median(try (0..<runs).map { _ in try milliseconds { _ = try HalfBlockEncoder().encode(image, displaySize: size, footprint: footprint) } })
    print("decode \(image.width)x\(image.height): \(String(format3(decode))) ms")
    print("sixel encode to \(size) (\(footprint.columns)x\(footprint.rows) cells): \(String(format3(sixel))) ms, \(payload) bytes")
    print("half-block encode (\(footprint.columns)x\(footprint.rows) cells): \(String(format3(blocks))) ms")
} catch {
    print("mdview-image-bench: \(error)")
    exit(1)
}

func format3(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
