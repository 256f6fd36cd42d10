#version 330 core

// Simple lighting
in vec3 normal;
in vec2 uv;
uniform sampler2D albedo;
uniform vec3 lightDir;
out vec4 color;

float lambert(vec3 n, vec3 l) {
    return max(dot(normalize(n), normalize(l)), 0.0);
}

void main() {
    vec3 base = texture(albedo, uv).rgb;
    color = vec4(base * lambert(normal, lightDir), 1.0);
}
