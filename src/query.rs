//! A query string's pairs, read and written as
//! application/x-www-form-urlencoded (WHATWG): in the browser by its own
//! `URLSearchParams`, natively by `form_urlencoded`, which implements the
//! same standard. The browser's is already there: the crate's parser,
//! serializer, lossy UTF-8 decoding and percent-encoding table cost every
//! page's module ~2.4 KB gzip (measured on the streams page). The page's
//! links are tested through the browser's (E2E), the CLI's and the link
//! property tests through the crate's.

/// The pairs of `query` (without its `?`), in order, percent-decoded.
pub fn parse(query: &str) -> Vec<(String, String)> {
    #[cfg(target_arch = "wasm32")]
    {
        let Ok(params) = web_sys::UrlSearchParams::new_with_str(query) else { return Vec::new() };
        js_sys::Array::from(&params)
            .iter()
            .map(|pair| {
                let pair = js_sys::Array::from(&pair);
                (pair.get(0).as_string().unwrap_or_default(), pair.get(1).as_string().unwrap_or_default())
            })
            .collect()
    }
    #[cfg(not(target_arch = "wasm32"))]
    form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

/// A query string written pair by pair (`form_urlencoded::Serializer`'s
/// calls).
pub struct Query {
    #[cfg(target_arch = "wasm32")]
    params: Option<web_sys::UrlSearchParams>,
    #[cfg(not(target_arch = "wasm32"))]
    out: form_urlencoded::Serializer<'static, String>,
}

impl Default for Query {
    fn default() -> Self {
        Self::new()
    }
}

impl Query {
    pub fn new() -> Self {
        #[cfg(target_arch = "wasm32")]
        return Self { params: web_sys::UrlSearchParams::new().ok() };
        #[cfg(not(target_arch = "wasm32"))]
        Self { out: form_urlencoded::Serializer::new(String::new()) }
    }

    pub fn append_pair(&mut self, key: &str, value: &str) -> &mut Self {
        #[cfg(target_arch = "wasm32")]
        if let Some(params) = &self.params {
            params.append(key, value);
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.out.append_pair(key, value);
        self
    }

    /// The query string, without its `?`.
    pub fn finish(&mut self) -> String {
        #[cfg(target_arch = "wasm32")]
        return self.params.as_ref().map(|p| String::from(p.to_string())).unwrap_or_default();
        #[cfg(not(target_arch = "wasm32"))]
        self.out.finish()
    }
}
