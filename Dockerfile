# Build stage: the official Rust image compiles the release binary.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY crates ./crates
COPY benches ./benches
COPY fonts ./fonts
COPY docs ./docs
RUN cargo build --release --locked --bin cairn

# Runtime stage: a slim image with the binary, its fonts and CA roots.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /data cairn
COPY --from=build /src/target/release/cairn /usr/local/bin/cairn
COPY --from=build /src/fonts /usr/share/cairn/fonts
COPY --from=build /src/docs/rules /usr/share/cairn/rules
ENV CAIRN_DB=/data/db \
    CAIRN_IMAGES=/data/images \
    MATRIX_STORE=/data/matrix \
    RUST_LOG=warn,cairn=info
VOLUME /data
USER cairn
WORKDIR /data
ENTRYPOINT ["cairn"]
CMD ["run"]
