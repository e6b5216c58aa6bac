fn main() {
    #[cfg(target_arch = "wasm32")]
    retry_lab_web::start();
}
