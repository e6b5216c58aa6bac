//! The export module of a lesson group's page: given the lab's link, the
//! run's files as text (`export::Export`), and the sweeps of its seeded
//! experiments (`sweep::Plan`). `export.html` and `sweep.html` load it on
//! demand; the learner's lab page never does. No Yew, no DOM, no clock:
//! the page does the download, and the sweep's worker decides how many
//! points run before it looks at its mailbox.

fn main() {}

#[cfg(target_arch = "wasm32")]
mod exports {
    use retry_lab_web::export::Export;
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Everything, as JSON (tables, seed, parameters, link).
    #[wasm_bindgen]
    pub fn export_json(query: &str, share_url: &str) -> String {
        Export::of_link(query, share_url).json()
    }

    /// Table `index` as CSV; its file name first, on a line of its own.
    #[wasm_bindgen]
    pub fn export_csv(query: &str, share_url: &str, index: usize) -> String {
        let export = Export::of_link(query, share_url);
        match export.tables.get(index) {
            Some(table) => format!("{}\n{}", export.file_name(Some(table)), export.csv(table)),
            None => String::new(),
        }
    }

    /// A sweep of a link's scenario, run a point at a time: `sweep.html`'s
    /// worker calls `step` for a slice of time, then reads its mailbox (a
    /// newer request ends this one).
    #[wasm_bindgen]
    pub struct Sweeper {
        plan: retry_lab_web::sweep::Plan,
        points: Vec<retry_lab_web::sweep::Point>,
        /// The finished sweep's report, made once for its JSON and its CSV
        /// (a report measures the scenario's own run and every band).
        report: Option<retry_lab_web::sweep::Report>,
    }

    #[wasm_bindgen]
    impl Sweeper {
        /// Throws the learner's words (in the link's language) when the
        /// link's experiment cannot be swept.
        #[wasm_bindgen(constructor)]
        pub fn new(query: &str, axis: &str, seeds: u32) -> Result<Sweeper, String> {
            use retry_lab_web::sweep::Plan;
            let plan = Plan::of_link(query, Some(axis), seeds).map_err(|refusal| {
                // The link's language, read again only to say why not.
                refusal.describe(retry_lab_web::link::decode(query).0.to_init(&[], Vec::new()).lang)
            })?;
            Ok(Sweeper { points: Vec::with_capacity(plan.len()), plan, report: None })
        }

        pub fn total(&self) -> usize {
            self.plan.len()
        }

        /// The sweep's work in words («unos 2·10⁶ intentos de entrega»),
        /// shown beside its progress.
        pub fn estimate(&self) -> String {
            self.plan.estimate.text(self.plan.lang)
        }

        pub fn done(&self) -> usize {
            self.points.len()
        }

        /// Runs the next point; false when there was none left.
        pub fn step(&mut self) -> bool {
            let next = self.points.len();
            if next >= self.plan.len() {
                return false;
            }
            self.points.push(self.plan.point(next));
            true
        }

        /// The report (`retry-lab sweep --json`'s format, compact: the page
        /// parses it within a frame).
        pub fn report(&mut self) -> String {
            serde_json::to_string(self.finished()).unwrap_or_default()
        }

        /// One row per point (`retry-lab sweep --csv`'s format).
        pub fn csv(&mut self) -> String {
            self.finished().csv()
        }
    }

    impl Sweeper {
        /// The report of the points run, made on first asking.
        fn finished(&mut self) -> &retry_lab_web::sweep::Report {
            let (plan, points) = (&self.plan, &self.points);
            self.report.get_or_insert_with(|| plan.report(points.clone()))
        }
    }
}
