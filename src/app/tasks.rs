//! The guided tasks under the open experiment: what to try, which ones are
//! done (the reducer records them from the experiment's own checks), a hint
//! after a few tries, and why, once done. A plain view of the state: no
//! component of its own (each costs the page's module about a kilobyte).

use yew::prelude::*;

use crate::lab::{Action, LabState};
use crate::tasks::{Keeping, TaskFilter};

pub fn task_list(
    state: &LabState,
    filter: &TaskFilter,
    id_prefix: &str,
    dispatch: &UseReducerDispatcher<LabState>,
) -> Html {
    let tasks = state.task_list(filter);
    if tasks.is_empty() {
        return Html::default();
    }
    let t = state.lang.task_texts();
    let count = tasks.iter().filter(|(_, done)| *done).count();
    let hinted = state.hinted_task(&tasks);
    let heading_id = format!("{id_prefix}-tasks");
    let items = tasks.iter().map(|(task, done)| html! {
        <li class={if *done { "task task-done" } else { "task" }} data-task={task.code}>
            <span class="task-mark" aria-hidden="true">{ if *done { "✓" } else { "○" } }</span>
            <span class="task-goal">{ task.text.goal }<span class="visually-hidden">{ if *done { t.task_done } else { t.task_todo } }</span></span>
            if *done {
                <p class="task-why">{ task.text.why }</p>
            } else if hinted == Some(task.code) {
                <details class="task-hint"><summary>{ t.hint }</summary><p>{ task.text.hint }</p></details>
            }
        </li>
    });
    let ask = dispatch.to_callback().reform(|_| Action::AskClearTasks);
    html! {
        <section class="tasks card" aria-labelledby={heading_id.clone()}>
            <h2 id={heading_id.clone()}>{ t.tasks_heading }</h2>
            // The count is a live region: a task done is announced.
            <p class="task-progress">
                <progress max={tasks.len().to_string()} value={count.to_string()} aria-labelledby={heading_id} />
                <span role="status">{ (t.tasks_progress)(count, tasks.len()) }</span>
            </p>
            <ol class="task-list">{ for items }</ol>
            <button type="button" class="tasks-clear" onclick={ask} disabled={count == 0}
                aria-expanded={state.confirming_clear.to_string()}>{ t.tasks_clear }</button>
            if state.confirming_clear && count > 0 { { confirm_clear(state, dispatch) } }
            if state.keeping == Keeping::Host { <p class="hint">{ t.tasks_kept_by_host }</p> }
            if state.keeping == Keeping::Blocked { <p class="hint">{ t.tasks_not_saved }</p> }
            if state.keeping == Keeping::Full { <p class="hint" role="alert">{ t.tasks_not_saved_full }</p> }
            if state.stored_ignored { <p class="hint">{ t.tasks_stored_ignored }</p> }
        </section>
    }
}

/// The question before a clear, right under its button: what goes, and
/// whether the course's record changes too (a host keeps the progress).
fn confirm_clear(state: &LabState, dispatch: &UseReducerDispatcher<LabState>) -> Html {
    let t = state.lang.task_texts();
    // Every done task of the experiment goes, those the link hides too.
    let count = state.task_list(&TaskFilter::All).iter().filter(|(_, done)| *done).count();
    let clear = dispatch.to_callback().reform(|_| Action::ClearTasks);
    let keep = dispatch.to_callback().reform(|_| Action::KeepTasks);
    html! {
        <div class="tasks-confirm" role="alert">
            <p>{ (t.tasks_clear_ask)(count, state.keeping == Keeping::Host) }</p>
            <button type="button" onclick={clear}>{ t.tasks_clear_yes }</button>
            { " " }
            <button type="button" onclick={keep}>{ t.tasks_clear_no }</button>
        </div>
    }
}
