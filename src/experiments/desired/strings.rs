//! The desired-state experiment's strings, in Spanish and English.

use crate::i18n::Lang;

pub struct Strings {
    pub experiment: &'static str,
    pub heading: &'static str,
    pub intro: &'static str,
    /// The figure's point: (copies, rules left by «bloquea», still blocked
    /// by it, the state's unblock in s if any, a late copy blocked it again).
    pub insight: fn(u32, u32, bool, Option<u64>, bool) -> String,
    pub copies: &'static str,
    pub unblock: &'static str,
    pub until: &'static str,
    /// The two rows: the increment, the desired state.
    pub styles: [&'static str; 2],
    pub chart_label: &'static str,
    pub legend: [&'static str; 3],
    /// Written at the unblock on the increment's row: rules left.
    pub still_blocked: fn(u32) -> String,
    /// Written where the desired state lapses by itself.
    pub ends_at_t: &'static str,
    pub rules_left: &'static str,
    pub blocked_at_end: &'static str,
    pub yes_no: [&'static str; 2],
    pub preset_unblock: &'static str,
    pub preset_no_unblock: &'static str,
    /// The scene's moments: copy n arrives at s (it blocks the state
    /// again); the unblock with the increment's rules left; T.
    pub moment_copy: fn(u32, u64, bool) -> String,
    /// (rules left, whether «bloqueada hasta T» still held the IP: T may
    /// have lapsed before the unblock)
    pub moment_unblock: fn(u32, bool) -> String,
    pub moment_t: &'static str,
}

pub static ES: Strings = Strings {
    experiment: "Estado deseado",
    heading: "La misma acción, repetida: «bloquea» contra «bloqueada hasta T»",
    intro: "Una detección manda bloquear una IP. La entrega es al menos una vez: si el ack se pierde, la acción llega otra vez: las copias llegan a los 0, 30, 90 y 210 s (esperas de 30, 60 y 120 s, el backoff de «At-least-once es la realidad»). Escrita como incremento, cada copia agrega una regla al firewall y el desbloqueo del analista quita una. Escrita como estado deseado, cada copia dice lo mismo y el desbloqueo fija otro estado.",
    insight: |copies, left, blocked, unblocked_s, late| {
        let state = match (unblocked_s, late) {
            (_, true) => "Con «bloqueada hasta T», una copia que llega después del desbloqueo vuelve a aplicar el estado viejo hasta T.".to_owned(),
            (Some(s), false) => format!("«bloqueada hasta T» repetida es un solo estado, y el desbloqueo a los {} s la libera.", crate::format::int(s)),
            (None, false) => "«bloqueada hasta T» repetida es un solo estado, que vence en T.".to_owned(),
        };
        match (copies, blocked) {
            (_, false) => format!("«bloquea» no deja reglas al final. {state}"),
            (1, true) => format!("Una copia de «bloquea» es una regla sin fin: sin desbloqueo, la IP sigue bloqueada. {state}"),
            (_, true) => format!("{copies} copias de «bloquea» son {copies} reglas: al final {} y la IP sigue bloqueada. {state}", rules_es(left)),
        }
    },
    copies: "Copias de la acción",
    unblock: "Desbloqueo del analista",
    until: "T (bloqueada hasta)",
    styles: ["«bloquea»", "«bloqueada hasta T»"],
    chart_label: "Dos filas en el tiempo, de 0 a 2 h: cuándo la IP está bloqueada con la acción incremental y con el estado deseado, cuándo llega cada copia y cuándo desbloquea el analista.",
    legend: ["IP bloqueada", "llega una copia", "desbloqueo"],
    still_blocked: |left| format!("sigue bloqueada: {}", rules_es(left)),
    ends_at_t: "vence en T",
    rules_left: "Reglas al final",
    blocked_at_end: "Bloqueada al final",
    yes_no: ["sí", "no"],
    preset_unblock: "3 copias y un desbloqueo a los 1,800 s",
    preset_no_unblock: "3 copias, sin desbloqueo",
    moment_copy: |n, at_s, again| match (n, again) {
        (1, _) => "0 s: llega la acción; las dos formas bloquean la IP".to_owned(),
        (_, true) => format!("{at_s} s: llega la copia {n}: «bloquea» escribe la regla {n}; «bloqueada hasta T» vuelve a bloquear"),
        (_, false) => format!("{at_s} s: llega la copia {n}: «bloquea» escribe la regla {n}; «bloqueada hasta T» no cambia"),
    },
    moment_unblock: |left, held| {
        let incremental = match left {
            0 => "no queda ninguna regla y la IP queda libre".to_owned(),
            _ => format!("{} y la IP sigue bloqueada", rules_es(left)),
        };
        let desired = if held { "«bloqueada hasta T» la libera" } else { "«bloqueada hasta T» ya había vencido en T" };
        format!("El analista desbloquea: con «bloquea» {incremental}; {desired}")
    },
    moment_t: "T: «bloqueada hasta T» vence sola",
};

pub static EN: Strings = Strings {
    experiment: "Desired state",
    heading: "The same action, repeated: “block” vs “blocked until T”",
    intro: "A detection asks to block an IP. Delivery is at least once: when the ack is lost, the action arrives again: the copies arrive at 0, 30, 90 and 210 s (waits of 30, 60 and 120 s, the backoff of “At-least-once is reality”). Written as an increment, each copy adds a rule to the firewall and the analyst's unblock removes one. Written as a desired state, each copy says the same thing and the unblock sets another state.",
    insight: |copies, left, blocked, unblocked_s, late| {
        let state = match (unblocked_s, late) {
            (_, true) => "With “blocked until T”, a copy arriving after the unblock applies the old state again until T.".to_owned(),
            (Some(s), false) => format!("“Blocked until T” repeated is one state, and the unblock at {} s frees the IP.", crate::format::int(s)),
            (None, false) => "“Blocked until T” repeated is one state, which ends at T.".to_owned(),
        };
        match (copies, blocked) {
            (_, false) => format!("“Block” leaves no rule at the end. {state}"),
            (1, true) => format!("One copy of “block” is a rule without end: with no unblock, the IP stays blocked. {state}"),
            (_, true) => format!("{copies} copies of “block” are {copies} rules: {} at the end and the IP stays blocked. {state}", rules_en(left)),
        }
    },
    copies: "Copies of the action",
    unblock: "Analyst unblocks at",
    until: "T (blocked until)",
    styles: ["“block”", "“blocked until T”"],
    chart_label: "Two rows over time, from 0 to 2 h: when the IP is blocked with the incremental action and with the desired state, when each copy arrives and when the analyst unblocks.",
    legend: ["IP blocked", "a copy arrives", "unblock"],
    still_blocked: |left| format!("still blocked: {}", rules_en(left)),
    ends_at_t: "ends at T",
    rules_left: "Rules at the end",
    blocked_at_end: "Blocked at the end",
    yes_no: ["yes", "no"],
    preset_unblock: "3 copies and an unblock at 1,800 s",
    preset_no_unblock: "3 copies, no unblock",
    moment_copy: |n, at_s, again| match (n, again) {
        (1, _) => "0 s: the action arrives; both forms block the IP".to_owned(),
        (_, true) => format!("{at_s} s: copy {n} arrives: “block” writes rule {n}; “blocked until T” blocks again"),
        (_, false) => format!("{at_s} s: copy {n} arrives: “block” writes rule {n}; “blocked until T” does not change"),
    },
    moment_unblock: |left, held| {
        let incremental = match left {
            0 => "no rule is left and the IP is free".to_owned(),
            _ => format!("{} and the IP stays blocked", rules_en(left)),
        };
        let desired = if held { "“blocked until T” frees it" } else { "“blocked until T” had already lapsed at T" };
        format!("The analyst unblocks: with “block” {incremental}; {desired}")
    },
    moment_t: "T: “blocked until T” lapses by itself",
};

/// «quedan N reglas», and one «regla» alone.
fn rules_es(left: u32) -> String {
    if left == 1 {
        "queda 1 regla".to_owned()
    } else {
        format!("quedan {left} reglas")
    }
}

fn rules_en(left: u32) -> String {
    if left == 1 {
        "1 rule is left".to_owned()
    } else {
        format!("{left} rules are left")
    }
}

pub fn strings(lang: Lang) -> &'static Strings {
    lang.pick(&ES, &EN)
}
