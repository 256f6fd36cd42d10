// A Gradle build script
plugins {
    id 'java'
    id 'application'
}

group = 'com.example'
version = '1.0.0'

dependencies {
    implementation 'com.google.guava:guava:33.0.0-jre'
    testImplementation "junit:junit:4.13.2"
}

application {
    mainClass = 'com.example.Main'
}

tasks.named('test') {
    maxParallelForks = 4
}
