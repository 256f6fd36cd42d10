// Vertex and fragment shaders
struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec3<f32>,
};

@group(0) @binding(0) var<uniform> scale: f32;

@vertex
fn vs_main(@location(0) pos: vec2<f32>) -> VertexOut {
    var out: VertexOut;
    out.position = vec4<f32>(pos * scale, 0.0, 1.0);
    out.color = vec3<f32>(1.0, 0.5, 0.0);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color, 1.0);
}
