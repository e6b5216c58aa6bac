//! Every string of the page, in Spanish and English. `Texts` is a struct, so
//! a string missing in one language is a compile error, not a blank label.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Es, Lang::En];

    pub const fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }

    /// Accepts a BCP 47 tag (`es`, `es-MX`, `en-GB`, case-insensitive).
    pub fn parse(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "es" => Some(Lang::Es),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// `?lang=` wins; then Spanish if the browser prefers it; English otherwise.
    pub fn choose(query: Option<&str>, browser_preferences: &[String]) -> Self {
        if let Some(lang) = query.and_then(Lang::parse) {
            return lang;
        }
        match browser_preferences.first().and_then(|tag| Lang::parse(tag)) {
            Some(Lang::Es) => Lang::Es,
            _ => Lang::En,
        }
    }

    pub const fn texts(self) -> &'static Texts {
        match self {
            Lang::Es => &ES,
            Lang::En => &EN,
        }
    }
}

pub struct Texts {
    pub title: &'static str,
    pub subtitle: &'static str,
    pub language: &'static str,
    pub schedule_heading: &'static str,
    pub schedule_rule: &'static str,
    pub schedule_convention: fn(u32) -> String,
    pub col_retry: &'static str,
    pub col_formula: &'static str,
    pub col_wait: &'static str,
    pub total: &'static str,
    pub panic_title: &'static str,
    pub panic_hint: &'static str,
    pub panic_reload: &'static str,
}

pub static ES: Texts = Texts {
    title: "Laboratorio de reintentos",
    subtitle: "Entrega at-least-once, backoff exponencial, dead-letter e idempotencia",
    language: "Idioma",
    schedule_heading: "Calendario de reintentos",
    schedule_rule: "El reintento n espera base · 2^(n-1).",
    schedule_convention: |retries| format!("Entrega original + {retries} reintentos; después, dead-letter."),
    col_retry: "Reintento",
    col_formula: "Fórmula",
    col_wait: "Espera",
    total: "Total",
    panic_title: "El laboratorio se detuvo por un error.",
    panic_hint: "Tu configuración está en el enlace: recarga la página para seguir.",
    panic_reload: "Recargar",
};

pub static EN: Texts = Texts {
    title: "Retry Lab",
    subtitle: "At-least-once delivery, exponential backoff, dead-letter and idempotency",
    language: "Language",
    schedule_heading: "Retry schedule",
    schedule_rule: "Retry n waits base · 2^(n-1).",
    schedule_convention: |retries| format!("Original delivery + {retries} retries, then dead-letter."),
    col_retry: "Retry",
    col_formula: "Formula",
    col_wait: "Wait",
    total: "Total",
    panic_title: "The lab stopped because of an error.",
    panic_hint: "Your settings are in the link: reload the page to continue.",
    panic_reload: "Reload",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_wins_then_browser_then_english() {
        let es = vec!["es-MX".to_string(), "en".to_string()];
        let fr = vec!["fr-FR".to_string(), "es".to_string()];
        assert_eq!(Lang::choose(Some("en"), &es), Lang::En);
        assert_eq!(Lang::choose(Some("ES"), &[]), Lang::Es);
        assert_eq!(Lang::choose(None, &es), Lang::Es);
        assert_eq!(Lang::choose(Some("klingon"), &es), Lang::Es);
        assert_eq!(Lang::choose(None, &fr), Lang::En);
        assert_eq!(Lang::choose(None, &[]), Lang::En);
    }

    #[test]
    fn languages_differ() {
        assert_ne!(ES.title, EN.title);
        assert!((ES.schedule_convention)(6).contains("6 reintentos"));
        assert!((EN.schedule_convention)(6).contains("6 retries"));
    }
}
