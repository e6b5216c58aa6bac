//! The language, and the strings of the lab's shell (title, playback, share,
//! notices, panic) in Spanish and English. Each experiment keeps its own
//! strings in its module. `Texts` is a struct, so a string missing in one
//! language is a compile error, not a blank label.

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

    /// The switch's label, in the language itself.
    pub const fn label(self) -> &'static str {
        match self {
            Lang::Es => "ES",
            Lang::En => "EN",
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

    pub fn texts(self) -> &'static Texts {
        self.pick(&ES, &EN)
    }

    pub fn task_texts(self) -> &'static TaskTexts {
        self.pick(&TASKS_ES, &TASKS_EN)
    }

    /// The one way to write a string pair: this language's of the two (a
    /// word, a sentence being formatted, or a whole table of strings: the
    /// shell's and every experiment's, each a struct with an `ES` and an
    /// `EN`).
    pub fn pick<T>(self, es: T, en: T) -> T {
        match self {
            Lang::Es => es,
            Lang::En => en,
        }
    }
}

pub struct Texts {
    pub language: &'static str,
    pub experiments_label: &'static str,
    pub course_label: &'static str,
    /// The phone's one button for the course's lessons.
    pub course_short: &'static str,
    pub skip_to_experiment: &'static str,
    pub controls_heading: &'static str,
    pub seed: &'static str,
    /// The parameters that are not beside the figure, behind one summary.
    pub more_params: &'static str,
    /// Under a figure with no time in it, where a scene's bar would be.
    pub timeless: &'static str,
    /// The experiment's explanation, behind one summary under its heading.
    pub more_about: &'static str,
    /// A prediction: before the figure says a number the lesson states.
    pub predict_before: &'static str,
    pub predict_guess: &'static str,
    /// Why a guess that is not an amount is refused, in the lab's language
    /// (the browser's own «Please match the requested format» is in its).
    pub predict_not_amount: &'static str,
    pub predict_submit: &'static str,
    pub predict_skip: &'static str,
    /// (the guess or None, the run's number or None when what was asked
    /// never happens in it: no message reaches the DLQ, the lag never
    /// catches up; words then, not «—»).
    /// The guess, the answer, and whether the answer is the lesson's arithmetic (not the run's end).
    pub predict_result: fn(Option<&str>, Option<&str>, bool) -> String,
    /// Under the figure: the seed that reproduces it.
    pub seed_shown: &'static str,
    pub new_seed: &'static str,
    pub locked: &'static str,
    pub play: &'static str,
    pub pause: &'static str,
    pub step: &'static str,
    pub reset: &'static str,
    pub speed: &'static str,
    pub speed_value: fn(&str) -> String,
    pub clock: &'static str,
    pub keyboard_hint: &'static str,
    /// A scene's controls: a step back, the instant's slider, the keys' help.
    pub step_back: &'static str,
    pub scene_instant: &'static str,
    pub scene_label: &'static str,
    pub keys_title: &'static str,
    /// Over counters that count the whole run, beside a figure at an instant.
    pub run_totals: &'static str,
    /// The keys every scene answers to (key, what it does).
    pub keys: [(&'static str, &'static str); 7],
    pub finished: &'static str,
    pub finished_parked: fn(&str) -> String,
    pub deliveries: &'static str,
    pub effects: &'static str,
    pub duplicates_discarded: &'static str,
    pub lost: &'static str,
    pub copy_link: &'static str,
    pub embed_this: &'static str,
    pub export_run: &'static str,
    pub link_copied: &'static str,
    pub link_copy_failed: &'static str,
    pub notice_ignored: &'static str,
    pub dismiss: &'static str,
    pub preset: &'static str,
    pub preset_custom: &'static str,
    /// The projector view's switch.
    pub projector: &'static str,
    /// Before a scenario's changes: «Ejercicio 5 (cambiado: …)».
    pub preset_changed: &'static str,
    /// After the two changes shown, how many more.
    pub preset_more: fn(usize) -> String,
    pub panic_title: &'static str,
    pub panic_hint: &'static str,
    pub panic_reload: &'static str,
    /// Where «At-least-once», «Garantías de entrega» and «Colas y streams»
    /// meet: their three names for one idea, related once.
    pub three_names: &'static str,
}

pub static ES: Texts = Texts {
    language: "Idioma",
    experiments_label: "Experimentos",
    course_label: "Lecciones del curso",
    course_short: "Lecciones",
    skip_to_experiment: "Saltar al experimento",
    controls_heading: "Parámetros",
    seed: "Semilla",
    more_params: "Más parámetros",
    timeless: "Esta figura no transcurre en el tiempo: no hay nada que reproducir. Cambia un parámetro y se vuelve a dibujar al instante.",
    more_about: "Más sobre este experimento",
    predict_before: "Antes de mirar:",
    predict_guess: "Tu estimación",
    predict_not_amount: "Escribe un número, como 1890 o 1,890.",
    predict_submit: "Comparar",
    predict_skip: "Ver sin estimar",
    predict_result: |guess, answer, counted| match (guess, answer) {
        (Some(guess), Some(answer)) => {
            format!("Estimaste {guess}; {} da {answer}.", if counted { "la cuenta" } else { "la simulación" })
        }
        (None, Some(answer)) if counted => format!("La cuenta da {answer}."),
        (None, Some(answer)) => format!("Resultado de la simulación: {answer}."),
        (Some(guess), None) => format!("Estimaste {guess}; en esta corrida eso no llega a pasar."),
        (None, None) => "En esta corrida eso no llega a pasar.".to_owned(),
    },
    seed_shown: "semilla",
    new_seed: "Nueva semilla",
    locked: "bloqueado",
    play: "Reproducir",
    pause: "Pausar",
    step: "Avanzar",
    reset: "Reiniciar",
    speed: "Velocidad",
    speed_value: |n| format!("{n} s {} por segundo", if n == "1" { "simulado" } else { "simulados" }),
    clock: "Reloj simulado",
    keyboard_hint: "Teclado: Espacio reproduce o pausa; → avanza un paso.",
    step_back: "Retroceder",
    scene_instant: "Instante",
    scene_label: "La ejecución en el tiempo",
    keys_title: "Teclado",
    run_totals: "En toda la ejecución (no solo hasta el instante mostrado)",
    keys: [
        ("Espacio", "reproduce o pausa"),
        ("→", "al momento siguiente"),
        ("←", "al momento anterior"),
        ("Inicio", "al principio"),
        ("?", "muestra u oculta esta ayuda"),
        ("Esc", "cierra la ayuda y devuelve las teclas a la página"),
        ("← → en la figura", "mueven el valor que se toma sobre la figura (Mayús: diez pasos; Inicio y Fin: sus extremos)"),
    ],
    finished: "Terminado: no queda nada por entregar.",
    finished_parked: |n| {
        if n == "1" {
            "Terminado: nada más en camino, pero 1 evento sigue en dead-letter: reinténtalo desde allí.".to_owned()
        } else {
            format!("Terminado: nada más en camino, pero {n} eventos siguen en dead-letter: reinténtalos desde allí.")
        }
    },
    deliveries: "Entregas",
    effects: "Efectos",
    duplicates_discarded: "Repetidos descartados",
    lost: "Perdidos",
    copy_link: "Copiar enlace",
    embed_this: "Insertar este experimento en un curso ↗",
    export_run: "Exportar esta ejecución (CSV, JSON) ↗",
    link_copied: "Enlace copiado.",
    link_copy_failed: "No se pudo copiar; selecciona el enlace y cópialo:",
    notice_ignored: "Partes del enlace se ignoraron:",
    dismiss: "Cerrar",
    preset: "Escenario",
    preset_custom: "personalizado",
    projector: "Proyector",
    preset_changed: "cambiado:",
    preset_more: |n| format!(" y {n} más"),
    panic_title: "El laboratorio se detuvo por un error.",
    panic_hint: "Tu configuración está en el enlace: recarga la página para seguir.",
    panic_reload: "Recargar",
    three_names: "Tres textos, una idea: «At-least-once es la realidad» llama mito práctico al exactly-once de punta a punta; «Garantías de entrega» llama exactamente una vez a guardar el id en la transacción del efecto; «Colas y streams» lo llama efecto de una sola vez (al menos una vez + consumidor idempotente). El broker entrega una o más veces; la única vez la pone el consumidor.",
};

pub static EN: Texts = Texts {
    language: "Language",
    experiments_label: "Experiments",
    course_label: "The course's lessons",
    course_short: "Lessons",
    skip_to_experiment: "Skip to the experiment",
    controls_heading: "Parameters",
    seed: "Seed",
    more_params: "More parameters",
    timeless: "This figure has no time in it: there is nothing to play. Change a parameter and it redraws at once.",
    more_about: "More about this experiment",
    predict_before: "Before you look:",
    predict_guess: "Your estimate",
    predict_not_amount: "Type a number, like 1890 or 1,890.",
    predict_submit: "Compare",
    predict_skip: "Show without estimating",
    predict_result: |guess, answer, counted| match (guess, answer) {
        (Some(guess), Some(answer)) => {
            format!("You estimated {guess}; the {} gives {answer}.", if counted { "arithmetic" } else { "simulation" })
        }
        (None, Some(answer)) => format!("The {} gives {answer}.", if counted { "arithmetic" } else { "simulation" }),
        (Some(guess), None) => format!("You estimated {guess}; in this run it never happens."),
        (None, None) => "In this run it never happens.".to_owned(),
    },
    seed_shown: "seed",
    new_seed: "New seed",
    locked: "locked",
    play: "Play",
    pause: "Pause",
    step: "Step",
    reset: "Reset",
    speed: "Speed",
    speed_value: |n| format!("{n} simulated s per second"),
    clock: "Simulated clock",
    keyboard_hint: "Keyboard: Space plays or pauses; → steps.",
    step_back: "Back",
    scene_instant: "Instant",
    scene_label: "The run in time",
    keys_title: "Keyboard",
    run_totals: "Over the whole run (not only up to the instant shown)",
    keys: [
        ("Space", "plays or pauses"),
        ("→", "to the next moment"),
        ("←", "to the moment before"),
        ("Home", "to the start"),
        ("?", "shows or hides this help"),
        ("Esc", "closes the help and gives the keys back to the page"),
        ("← → on the figure", "move the value grabbed on the figure (Shift: ten steps; Home and End: its ends)"),
    ],
    finished: "Finished: nothing left to deliver.",
    finished_parked: |n| {
        if n == "1" {
            "Finished: nothing more on its way, but 1 event remains in dead-letter: retry it from there.".to_owned()
        } else {
            format!("Finished: nothing more on its way, but {n} events remain in dead-letter: retry them from there.")
        }
    },
    deliveries: "Deliveries",
    effects: "Effects",
    duplicates_discarded: "Repeats discarded",
    lost: "Lost",
    copy_link: "Copy link",
    embed_this: "Embed this experiment in a course ↗",
    export_run: "Export this run (CSV, JSON) ↗",
    link_copied: "Link copied.",
    link_copy_failed: "Could not copy; select the link and copy it:",
    notice_ignored: "Parts of the link were ignored:",
    dismiss: "Dismiss",
    preset: "Scenario",
    preset_custom: "custom",
    projector: "Projector",
    preset_changed: "changed:",
    preset_more: |n| format!(" and {n} more"),
    panic_title: "The lab stopped because of an error.",
    panic_hint: "Your settings are in the link: reload the page to continue.",
    panic_reload: "Reload",
    three_names: "Three texts, one idea: «At-least-once es la realidad» calls end-to-end exactly-once a practical myth; «Garantías de entrega» calls recording the id in the effect's transaction exactly once; «Colas y streams» calls it the effect once (at least once + an idempotent consumer). The broker delivers once or more; the consumer makes it once.",
};

/// The words of the guided tasks under every experiment.
pub struct TaskTexts {
    pub tasks_heading: &'static str,
    pub tasks_progress: fn(usize, usize) -> String,
    pub task_done: &'static str,
    pub task_todo: &'static str,
    pub hint: &'static str,
    pub tasks_clear: &'static str,
    /// The question before a clear: how many tasks, and whether a host's
    /// record (a course's) changes too.
    pub tasks_clear_ask: fn(usize, bool) -> String,
    pub tasks_clear_yes: &'static str,
    pub tasks_clear_no: &'static str,
    /// The host (a course) keeps the progress, not this browser.
    pub tasks_kept_by_host: &'static str,
    pub tasks_not_saved: &'static str,
    pub tasks_not_saved_full: &'static str,
    pub tasks_stored_ignored: &'static str,
}

pub static TASKS_ES: TaskTexts = TaskTexts {
    tasks_heading: "Prueba esto",
    tasks_progress: |done, all| format!("{done} de {all} hechas"),
    task_done: " (hecha)",
    task_todo: " (pendiente)",
    hint: "Pista",
    tasks_clear: "Borrar mi avance",
    tasks_clear_ask: |n, host| {
        let what = if n == 1 { "la tarea hecha".to_owned() } else { format!("las {n} tareas hechas") };
        let course = if host { " El registro de tu curso también cambia: dejará de contarlas." } else { "" };
        format!("¿Borrar {what} de este experimento?{course}")
    },
    tasks_clear_yes: "Sí, borrar",
    tasks_clear_no: "No, conservar",
    tasks_kept_by_host: "Tu avance lo guarda tu curso, no este navegador.",
    tasks_not_saved: "Este navegador no guarda el avance (almacenamiento bloqueado); las tareas funcionan igual.",
    tasks_not_saved_full:
        "El avance ya no se guarda: el almacenamiento de este navegador está lleno. Las tareas funcionan igual.",
    tasks_stored_ignored: "Parte del avance guardado no se pudo leer y se ignoró.",
};

pub static TASKS_EN: TaskTexts = TaskTexts {
    tasks_heading: "Try this",
    tasks_progress: |done, all| format!("{done} of {all} done"),
    task_done: " (done)",
    task_todo: " (to do)",
    hint: "Hint",
    tasks_clear: "Clear my progress",
    tasks_clear_ask: |n, host| {
        let what = if n == 1 { "the task done".to_owned() } else { format!("the {n} tasks done") };
        let course = if host { " Your course's record changes too: it will no longer count them." } else { "" };
        format!("Clear {what} in this experiment?{course}")
    },
    tasks_clear_yes: "Yes, clear",
    tasks_clear_no: "No, keep them",
    tasks_kept_by_host: "Your course keeps your progress, not this browser.",
    tasks_not_saved: "This browser does not keep progress (storage blocked); the tasks work the same.",
    tasks_not_saved_full: "Progress is no longer kept: this browser's storage is full. The tasks work the same.",
    tasks_stored_ignored: "Part of the stored progress could not be read and was ignored.",
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
        assert_ne!(ES.language, EN.language);
    }
}
