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
    let clear = dispatch.to_callback().reform(|_| Action::ClearTasks);
    html! {
        <section class="tasks card" aria-labelledby={heading_id.clone()}>
            <h2 id={heading_id.clone()}>{ t.tasks_heading }</h2>
            // The count is a live region: a task done is announced.
            <p class="task-progress">
                <progress max={tasks.len().to_string()} value={count.to_string()} aria-labelledby={heading_id} />
                <span role="status">{ (t.tasks_progress)(count, tasks.len()) }</span>
            </p>
            <ol class="task-list">{ for items }</ol>
            <button type="button" class="tasks-clear" onclick={clear} disabled={count == 0}>{ t.tasks_clear }</button>
            if state.keeping == Keeping::Blocked { <p class="hint">{ t.tasks_not_saved }</p> }
            if state.keeping == Keeping::Full { <p class="hint" role="alert">{ t.tasks_not_saved_full }</p> }
            if state.stored_ignored { <p class="hint">{ t.tasks_stored_ignored }</p> }
        </section>
    }
}
