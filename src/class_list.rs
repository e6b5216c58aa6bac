//! An element's class attribute from parts, some of them conditional.
//!
//! Yew's `classes!` keeps its parts in an `IndexSet` to drop duplicates, which
//! no class list here has; that set linked `indexmap` and a hash table of its
//! own into every page. A string joined in place says the same to the DOM.

/// `class_list!("lab", compact.then_some("lab-compact"))`: the parts that are
/// there, in order, joined by one space. A part is a `&str` or an
/// `Option<&str>`.
macro_rules! class_list {
    ($($part:expr),+ $(,)?) => {{
        let mut class = String::new();
        $( $crate::class_list::push(&mut class, $part.into()); )+
        class
    }};
}

/// Appends one part (if there is one) after a space.
pub fn push(class: &mut String, part: Option<&str>) {
    let Some(part) = part.filter(|p| !p.is_empty()) else { return };
    if !class.is_empty() {
        class.push(' ');
    }
    class.push_str(part);
}

#[cfg(test)]
mod tests {
    #[test]
    fn joins_the_parts_that_are_there_in_order() {
        let on = true;
        let off = false;
        assert_eq!(class_list!("a", on.then_some("b"), off.then_some("c"), "d"), "a b d");
        assert_eq!(class_list!(off.then_some("x"), "y"), "y");
        assert_eq!(class_list!(off.then_some("x")), "");
        assert_eq!(class_list!("", "z"), "z");
    }
}
