//! `retry-lab run`: any experiment, through the page's own link decoder and
//! engine (`Export::of_link`), with the link's keys and the page's ranges.
//! Nothing here declares a parameter: a value is a link pair.

use retry_lab_web::export::Export;
use retry_lab_web::i18n::Lang;
use retry_lab_web::link;
use retry_lab_web::registry::Experiment;

/// `retry-lab run EXP [--preset P] [KEY=VALUE…] [--json | --csv TABLE]`, or
/// `retry-lab run 'https://…/lesson-004/?v=3&preset=exercise-5&…'`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// An experiment's code (retries, visibility, storm…), or a lab link pasted whole.
    target: String,
    /// A preset of that experiment; KEY=VALUE pairs override it.
    #[arg(long)]
    preset: Option<String>,
    /// Link parameters, as in a share link (`visibility_s=480`, `seed=7`).
    values: Vec<String>,
    /// The export's versioned JSON (tables, seed, parameters, link) and the numbers.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// One of the export's tables as CSV (`totals`, `attempts`…).
    #[arg(long, value_name = "TABLE")]
    csv: Option<String>,
}

/// The link these arguments are: a pasted link's query, or the pairs.
fn query(args: &RunArgs) -> Result<(Experiment, String), String> {
    link_of(&args.target, args.preset.as_deref(), &args.values)
}

/// The link an experiment (or a pasted link), a preset and `KEY=VALUE`
/// pairs are, checked as the page reads it (`run` and `sweep`).
pub fn link_of(target: &str, preset: Option<&str>, values: &[String]) -> Result<(Experiment, String), String> {
    let mut pairs = form_urlencoded::Serializer::new(String::new());
    // A pasted link, or its query alone (a sweep point's `v=3&…`).
    let pasted = target.split_once('?').map(|(_, query)| query).or_else(|| target.contains('=').then_some(target));
    if let Some(query) = pasted {
        pairs.extend_pairs(form_urlencoded::parse(query.as_bytes()));
    } else {
        let experiment = crate::args::experiment_code(target)?;
        pairs.append_pair("v", &link::VERSION.to_string()).append_pair("exp", experiment.code());
    }
    if let Some(preset) = preset {
        pairs.append_pair("preset", preset);
    }
    for pair in values {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("{pair:?} is not KEY=VALUE"))?;
        pairs.append_pair(key, value);
    }
    let query = pairs.finish();
    let (decoded, notices) = link::decode(&query);
    // What the page would not take as written, in its words (with the
    // range, for a value the page would have moved into it).
    if !notices.is_empty() {
        let faults: Vec<String> = notices.iter().map(refusal).collect();
        return Err(format!("{}; nothing was run", faults.join("; ")));
    }
    // The experiment the page would open (the run itself is `Export::of_link`'s).
    let open = decoded.to_init(&[], Vec::new()).experiment;
    if let Some(code) = preset {
        let owner = retry_lab_web::registry::preset(decoded.version, code).map(|(e, _)| e);
        if owner != Some(open) {
            let codes = crate::args::preset_codes(open);
            let whose = owner.map_or_else(|| "no preset".to_owned(), |e| format!("{}'s", e.code()));
            return Err(format!(
                "preset {code:?} is {whose}, not {}'s (its presets: {})",
                open.code(),
                codes.join(", ")
            ));
        }
    }
    Ok((open, query))
}

/// A notice as the CLI says it: `run` refuses what the page would move into
/// range or replace by its default (it does not run something else than
/// what was asked), so it says what is wrong, the range and what the page
/// would use, never what the page does as if the CLI had done it.
fn refusal(notice: &retry_lab_web::link::Notice) -> String {
    use retry_lab_web::link::Problem;
    let param = retry_lab_web::registry::ParamId::by_key(&notice.key);
    match (&notice.problem, param) {
        (Problem::Clamped { used }, Some(param)) => format!(
            "{}={}: out of range ({}); the page would use {used}",
            notice.key,
            notice.value,
            crate::catalog::range_text(&param.domain())
        ),
        _ => notice.fault(Lang::En),
    }
}

pub fn run(args: RunArgs) -> Result<String, String> {
    let (experiment, query) = query(&args)?;
    let share = format!("{}?{query}", retry_lab_web::catalog::group_of(experiment).dir);
    let export = Export::of_link(&query, &share);
    if let Some(name) = &args.csv {
        let table = export.tables.iter().find(|t| t.name == name).ok_or_else(|| {
            let names: Vec<&str> = export.tables.iter().map(|t| t.name).collect();
            format!("no table {name:?} in {}'s export; its tables: {}", experiment.code(), names.join(", "))
        })?;
        return Ok(export.csv(table).trim_end().to_owned());
    }
    if args.json {
        return Ok(export.json());
    }
    let mut out = format!("{} · seed {} · {share}\n", experiment.code(), export.seed);
    let width = export.numbers.iter().map(|n| n.name.len()).max().unwrap_or(0);
    for n in &export.numbers {
        out += &format!("{:<width$}  {}\n", n.name, n.text);
    }
    Ok(out.trim_end().to_owned())
}
