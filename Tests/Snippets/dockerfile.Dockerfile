# Build stage
FROM swift:6.0 AS build
WORKDIR /src
COPY . .
RUN swift build -c release --static-swift-stdlib

# Runtime stage
FROM debian:12-slim
ARG VERSION=1.2.0
ENV LANG=C.UTF-8
COPY --from=build /src/.build/release/mdview /usr/local/bin/
EXPOSE 8080
ENTRYPOINT ["mdview", "--width", "80"]
