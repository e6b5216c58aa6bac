//! The share-link codec: it never panics, and every valid state survives a
//! round trip. A failing case prints the state or the string that broke it.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use retry_lab_core::{ConsumerMode, Jitter, Namespace, PassKey, Probability, RngKind};
use retry_lab_web::i18n::Lang;
use retry_lab_web::link::{decode, LinkV1};
use retry_lab_web::state::{self, Experiment, LabParams};

fn probability() -> impl Strategy<Value = Probability> {
    (0u32..=1_000_000).prop_map(|ppm| Probability::from_ppm(ppm).unwrap())
}

prop_compose! {
    fn params()(
        failure in probability(), ack_lost_share in probability(), crash in probability(),
        events in 1..=state::EVENTS_MAX, base_s in 1..=state::BASE_S_MAX, retries_max in 0..=state::RETRIES_MAX,
        naive in any::<bool>(), jitter in prop::sample::select(Jitter::ALL.to_vec()), seed in any::<u64>(),
        norad_id in 1..=PassKey::NORAD_ID_MAX, start_unix_s in 0i64..=253_402_300_799,
        namespace in prop_oneof![
            prop::sample::select(Namespace::NAMED.to_vec()),
            any::<u128>().prop_map(|n| Namespace::Custom(uuid::Uuid::from_u128(n))),
        ],
        python in any::<bool>(), ack_messages in 1..=state::ACK_MESSAGES_MAX,
    ) -> LabParams {
        LabParams {
            failure, ack_lost_share, events, base_s, retries_max,
            consumer: if naive { ConsumerMode::Naive } else { ConsumerMode::Idempotent },
            jitter, seed, pass: PassKey { norad_id, start_unix_s }, namespace, crash,
            ack_rng: if python { RngKind::Python } else { RngKind::Pcg }, ack_messages,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn decode_encode_round_trips(
        params in params(),
        lang in prop::sample::select(Lang::ALL.to_vec()),
        experiment in prop::sample::select(Experiment::ALL.to_vec()),
        speed in state::SPEED_MIN..=state::SPEED_MAX,
    ) {
        let query = LinkV1::of(lang, &params, experiment, speed).encode();
        let (link, mut notices) = decode(&query);
        let init = link.to_init(&[], &mut notices);
        prop_assert!(notices.is_empty(), "{query}: {notices:?}");
        prop_assert_eq!(init.lang, lang);
        prop_assert_eq!(&init.params, &params, "{}", query);
        prop_assert_eq!(init.experiment, experiment);
        prop_assert_eq!(init.speed_s_per_s, speed);
    }

    #[test]
    fn decoding_any_string_never_panics_and_stays_in_range(query in ".*") {
        let (link, mut notices) = decode(&query);
        let init = link.to_init(&[], &mut notices);
        prop_assert!((1..=state::EVENTS_MAX).contains(&init.params.events));
        prop_assert!(init.params.retries_max <= state::RETRIES_MAX);
        prop_assert!((state::SPEED_MIN..=state::SPEED_MAX).contains(&init.speed_s_per_s));
    }

    #[test]
    fn decoding_known_keys_with_any_values_never_panics(
        pairs in prop::collection::vec((
            prop::sample::select(vec!["v", "preset", "exp", "lang", "failure", "ack_lost", "events", "base", "retries",
                "consumer", "jitter", "seed", "speed", "norad", "start", "ns", "crash", "rng", "messages", "embed", "only", "lock"]),
            ".{0,40}",
        ), 0..30),
    ) {
        let query = form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).finish();
        let (link, mut notices) = decode(&query);
        let init = link.to_init(&[], &mut notices);
        prop_assert!((1..=state::BASE_S_MAX).contains(&init.params.base_s));
        for notice in &notices {
            prop_assert!(!notice.describe(Lang::Es).is_empty());
        }
    }
}
