// Generated from the list of experiments (src/experiments/mod.rs) by tests/registry.rs: do not edit.
// What the authors' tools show of each experiment, in both languages: its
// title, its lesson's title, its locks (name, on-screen label), its guided
// tasks (code, goal), its scenarios (code, name);
// for a seeded experiment, what the sweep page may measure and vary.
export const TOOL_EXPERIMENTS = {
  "ack": {
    "ladder": {
      "axes": [
        [
          "crash",
          {
            "en": "Crash probability",
            "es": "Probabilidad de caída"
          },
          "%"
        ],
        [
          "broker_dups",
          {
            "en": "Broker duplicates (no crash)",
            "es": "Duplicados del broker (sin caída)"
          },
          "%"
        ]
      ],
      "outcomes": [
        [
          "after_repeated",
          {
            "en": "Repeated effects with ack after",
            "es": "Efectos repetidos con ack después"
          },
          ""
        ],
        [
          "before_lost",
          {
            "en": "Messages lost with ack before",
            "es": "Mensajes perdidos con ack antes"
          },
          ""
        ],
        [
          "after_dedup_discarded",
          {
            "en": "Repeats discarded with ack after + dedup",
            "es": "Repetidos descartados con ack después + dedup"
          },
          ""
        ]
      ]
    },
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "crash",
        {
          "en": "Crash probability",
          "es": "Probabilidad de caída"
        }
      ],
      [
        "rng",
        {
          "en": "Generator",
          "es": "Generador"
        }
      ],
      [
        "messages",
        {
          "en": "Messages",
          "es": "Mensajes"
        }
      ],
      [
        "broker_dups",
        {
          "en": "Broker duplicates (no crash)",
          "es": "Duplicados del broker (sin caída)"
        }
      ]
    ],
    "presets": [
      [
        "lesson-004",
        {
          "en": "Ack timing: 1,000 messages, 5 % crashes",
          "es": "Momento del ack: 1,000 mensajes, 5 % de caídas"
        }
      ],
      [
        "broker-duplicates",
        {
          "en": "Standard SQS duplicates with no crash",
          "es": "SQS estándar duplica sin caídas"
        }
      ]
    ],
    "tasks": [
      [
        "ack-crash-20",
        {
          "en": "Raise the crash probability to 20% or more and compare what ack-before loses with what ack-after repeats.",
          "es": "Sube la probabilidad de caída al 20 % o más y compara lo que pierde el ack antes con lo que repite el ack después."
        }
      ],
      [
        "ack-broker-dups",
        {
          "en": "Make the broker itself deliver repeats and see who stops them.",
          "es": "Haz que el broker mismo entregue repetidos y mira quién los detiene."
        }
      ]
    ],
    "title": {
      "en": "Ack timing",
      "es": "Momento del ack"
    }
  },
  "age": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "age_max_receive",
        {
          "en": "maxReceiveCount (0: no DLQ)",
          "es": "maxReceiveCount (0: sin DLQ)"
        }
      ],
      [
        "age_job_s",
        {
          "en": "Job per message",
          "es": "Trabajo por mensaje"
        }
      ],
      [
        "age_poison",
        {
          "en": "A poison message at 10 min",
          "es": "Mensaje venenoso a los 10 min"
        }
      ],
      [
        "age_depth",
        {
          "en": "Messages waiting",
          "es": "Mensajes en cola"
        }
      ],
      [
        "age_workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "age_visibility_s",
        {
          "en": "Visibility timeout",
          "es": "Visibility timeout"
        }
      ],
      [
        "age_alert_s",
        {
          "en": "Age alert",
          "es": "Alerta de edad"
        }
      ],
      [
        "depth_alert",
        {
          "en": "Depth alert",
          "es": "Alerta de profundidad"
        }
      ],
      [
        "alert_hold_s",
        {
          "en": "Each alert fires once it has held for",
          "es": "Cada alerta suena si se sostiene"
        }
      ],
      [
        "age_promise_s",
        {
          "en": "Promise (longest wait)",
          "es": "Promesa (espera máxima)"
        }
      ]
    ],
    "presets": [
      [
        "age-poison",
        {
          "en": "A poison message, no DLQ",
          "es": "Un mensaje venenoso, sin DLQ"
        }
      ],
      [
        "age-poison-dlq",
        {
          "en": "A poison message, maxReceiveCount 5",
          "es": "Un mensaje venenoso, maxReceiveCount 5"
        }
      ],
      [
        "age-slow-jobs",
        {
          "en": "The same 50 messages, 24-minute jobs",
          "es": "Los mismos 50 mensajes, trabajos de 24 min"
        }
      ]
    ],
    "tasks": [
      [
        "age-dlq",
        {
          "en": "Get the poison message out of the way before the age alert goes off.",
          "es": "Saca al mensaje venenoso del camino antes de que suene la alerta de edad."
        }
      ],
      [
        "age-two-hours",
        {
          "en": "Without changing the 50 messages waiting, make them 2 hours behind.",
          "es": "Sin cambiar los 50 mensajes en cola, haz que vayan 2 horas atrasados."
        }
      ]
    ],
    "title": {
      "en": "Alert on age",
      "es": "Alertar por edad"
    }
  },
  "backpressure": {
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "in_rate",
        {
          "en": "In",
          "es": "Entran"
        }
      ],
      [
        "out_rate",
        {
          "en": "Out (what the consumer processes)",
          "es": "Salen (lo que procesa el consumidor)"
        }
      ],
      [
        "duration",
        {
          "en": "For",
          "es": "Durante"
        }
      ],
      [
        "policy",
        {
          "en": "Queue",
          "es": "Cola"
        }
      ],
      [
        "buffer",
        {
          "en": "Queue bound (messages)",
          "es": "Límite de la cola (mensajes)"
        }
      ],
      [
        "memory",
        {
          "en": "Size of each message",
          "es": "Tamaño de cada mensaje"
        }
      ]
    ],
    "presets": [
      [
        "backpressure",
        {
          "en": "116/s against 100/s, one day",
          "es": "116/s contra 100/s, un día"
        }
      ],
      [
        "drop-oldest",
        {
          "en": "A bounded queue that drops",
          "es": "Cola con límite que descarta"
        }
      ],
      [
        "slow-producer",
        {
          "en": "The producer waits",
          "es": "El productor espera"
        }
      ]
    ],
    "tasks": [
      [
        "backpressure-survive",
        {
          "en": "With 116 in and 100 out per second, get the process alive to the end of the day.",
          "es": "Con 116 entrando y 100 saliendo por segundo, haz que el proceso llegue vivo al final del día."
        }
      ],
      [
        "backpressure-no-loss",
        {
          "en": "Bound the queue without dropping a single message.",
          "es": "Limita la cola sin descartar ningún mensaje."
        }
      ]
    ],
    "title": {
      "en": "Backpressure and bounded queues",
      "es": "Backpressure y colas con límite"
    }
  },
  "capacity": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "scene",
        {
          "en": "Scene",
          "es": "Escena"
        }
      ],
      [
        "mean_rate",
        {
          "en": "Arriving (mean rate)",
          "es": "Llegan (ritmo medio)"
        }
      ],
      [
        "peak_rate",
        {
          "en": "Arriving during the peak",
          "es": "Durante el pico llegan"
        }
      ],
      [
        "peak_s",
        {
          "en": "The peak lasts",
          "es": "El pico dura"
        }
      ],
      [
        "down_s",
        {
          "en": "Workers down at the start",
          "es": "Workers caídos al principio"
        }
      ],
      [
        "cap_workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "worker_rate",
        {
          "en": "Each worker processes",
          "es": "Cada worker procesa"
        }
      ],
      [
        "promise_s",
        {
          "en": "Promise (longest wait)",
          "es": "Promesa (espera máxima)"
        }
      ],
      [
        "little_waiting",
        {
          "en": "Waiting",
          "es": "Esperando"
        }
      ],
      [
        "little_rate_h",
        {
          "en": "Leaving per hour",
          "es": "Salen por hora"
        }
      ],
      [
        "keda_messages",
        {
          "en": "Messages arriving at once",
          "es": "Mensajes que llegan a la vez"
        }
      ],
      [
        "keda_queue_length",
        {
          "en": "queueLength (messages per worker)",
          "es": "queueLength (mensajes por worker)"
        }
      ],
      [
        "keda_job_s",
        {
          "en": "Each job takes",
          "es": "Cada trabajo tarda"
        }
      ],
      [
        "keda_max",
        {
          "en": "Most workers",
          "es": "Máximo de workers"
        }
      ]
    ],
    "presets": [
      [
        "c01-peak",
        {
          "en": "C01: a 350/s peak for an hour, 10 workers",
          "es": "C01: pico de 350/s una hora, 10 workers"
        }
      ],
      [
        "c01-day",
        {
          "en": "C01: 116/s in, 100/s out, for a day",
          "es": "C01: entran 116/s y salen 100/s, un día"
        }
      ],
      [
        "exercise-4",
        {
          "en": "Exercise 4: 85 waiting, 170 an hour",
          "es": "Ejercicio 4: 85 esperando, 170 por hora"
        }
      ],
      [
        "exercise-6",
        {
          "en": "Exercise 6: down 20 minutes, then 200/s",
          "es": "Ejercicio 6: 20 minutos caído, luego 200/s"
        }
      ],
      [
        "exercise-6-slow",
        {
          "en": "Exercise 6 at 60/s",
          "es": "Ejercicio 6 con 60/s"
        }
      ],
      [
        "exercise-7",
        {
          "en": "Exercise 7: 400 at once, queueLength 15, 8 workers",
          "es": "Ejercicio 7: 400 a la vez, queueLength 15, 8 workers"
        }
      ]
    ],
    "tasks": [
      [
        "capacity-promise",
        {
          "en": "At C01's peak (350 per second for an hour), keep the 300 s promise.",
          "es": "En el pico de C01 (350 por segundo durante una hora), cumple la promesa de 300 s."
        }
      ],
      [
        "capacity-keda",
        {
          "en": "Exercise 7: with 400 messages at once, 20 s each, make the last one wait 300 s or less.",
          "es": "Ejercicio 7: con 400 mensajes de golpe, de 20 s cada uno, haz que el último espere 300 s o menos."
        }
      ]
    ],
    "title": {
      "en": "Capacity",
      "es": "Capacidad"
    }
  },
  "cursor": {
    "lesson": {
      "en": "At-least-once is reality, exactly-once is a practical myth",
      "es": "At-least-once es la realidad, exactly-once es un mito práctico"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "log_events",
        {
          "en": "Events in the log",
          "es": "Eventos en el log"
        }
      ],
      [
        "batch",
        {
          "en": "Batch size",
          "es": "Tamaño del lote"
        }
      ],
      [
        "fault",
        {
          "en": "Fault",
          "es": "Fallo"
        }
      ],
      [
        "fault_batch",
        {
          "en": "Batch of the fault",
          "es": "Lote del fallo"
        }
      ]
    ],
    "presets": [
      [
        "cursor-lost",
        {
          "en": "Loses the cursor after 5 batches",
          "es": "Pierde el cursor después de 5 lotes"
        }
      ],
      [
        "cursor-crash",
        {
          "en": "Crashes before saving batch 5's cursor",
          "es": "Se cae antes de guardar el cursor del lote 5"
        }
      ]
    ],
    "tasks": [
      [
        "cursor-crash",
        {
          "en": "Make the consumer crash after processing a batch and before saving its cursor.",
          "es": "Haz que el consumidor se caiga después de procesar un lote y antes de guardar su cursor."
        }
      ],
      [
        "cursor-late-loss",
        {
          "en": "Lose the cursor so late that the naive consumer repeats at least 80 effects.",
          "es": "Pierde el cursor tan tarde que el consumidor no idempotente repita al menos 80 efectos."
        }
      ]
    ],
    "title": {
      "en": "The cursor",
      "es": "El cursor"
    }
  },
  "dedup": {
    "ladder": {
      "axes": [
        [
          "tx_crash",
          {
            "en": "Crash probability",
            "es": "Probabilidad de caída"
          },
          "%"
        ]
      ],
      "outcomes": [
        [
          "effect_then_record_repeated",
          {
            "en": "Repeated effects (effect, then record)",
            "es": "Efectos repetidos (efecto, luego registro)"
          },
          ""
        ],
        [
          "record_then_effect_lost",
          {
            "en": "Messages lost (record, then effect)",
            "es": "Mensajes perdidos (registro, luego efecto)"
          },
          ""
        ],
        [
          "same_transaction_wrong",
          {
            "en": "Repeated or lost (same transaction)",
            "es": "Repetidos o perdidos (misma transacción)"
          },
          ""
        ]
      ]
    },
    "lesson": {
      "en": "Exactly-once delivery guarantees",
      "es": "Garantías de entrega exactamente una vez"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "seq_consumer",
        {
          "en": "The consumer",
          "es": "El consumidor"
        }
      ],
      [
        "seq_crash",
        {
          "en": "Where the consumer crashes",
          "es": "Dónde cae el consumidor"
        }
      ],
      [
        "tx_messages",
        {
          "en": "Messages",
          "es": "Mensajes"
        }
      ],
      [
        "tx_crash",
        {
          "en": "Crash probability",
          "es": "Probabilidad de caída"
        }
      ],
      [
        "tx_rng",
        {
          "en": "Generator",
          "es": "Generador"
        }
      ],
      [
        "unique",
        {
          "en": "Unique constraint on the id",
          "es": "Restricción de unicidad sobre el id"
        }
      ]
    ],
    "presets": [
      [
        "dedup-record",
        {
          "en": "1,000 messages, 5 %, seed 7",
          "es": "1,000 mensajes, 5 %, semilla 7"
        }
      ],
      [
        "unique-constraint",
        {
          "en": "Two copies at once, with a unique constraint",
          "es": "Dos copias a la vez, con restricción de unicidad"
        }
      ]
    ],
    "tasks": [
      [
        "dedup-one-duplicate",
        {
          "en": "Move the record and the crash until this message has two effects.",
          "es": "Mueve el registro y la caída hasta que este mensaje tenga dos efectos."
        }
      ],
      [
        "dedup-record-first",
        {
          "en": "Raise the crash probability to 20 % or more and find the order that loses messages.",
          "es": "Sube la probabilidad de caída al 20 % o más y encuentra el orden que pierde mensajes."
        }
      ],
      [
        "dedup-unique",
        {
          "en": "Make two copies of the same message processed at once give one effect.",
          "es": "Haz que dos copias del mismo mensaje procesadas a la vez den un solo efecto."
        }
      ]
    ],
    "title": {
      "en": "Where the record goes",
      "es": "Dónde va el registro"
    }
  },
  "desired": {
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "copies",
        {
          "en": "Copies of the action",
          "es": "Copias de la acción"
        }
      ],
      [
        "unblock_s",
        {
          "en": "Analyst unblocks at",
          "es": "Desbloqueo del analista"
        }
      ],
      [
        "until_s",
        {
          "en": "T (blocked until)",
          "es": "T (bloqueada hasta)"
        }
      ]
    ],
    "presets": [
      [
        "desired-state",
        {
          "en": "3 copies and an unblock at 1,800 s",
          "es": "3 copias y un desbloqueo a los 1,800 s"
        }
      ],
      [
        "desired-no-unblock",
        {
          "en": "3 copies, no unblock",
          "es": "3 copias, sin desbloqueo"
        }
      ]
    ],
    "tasks": [
      [
        "desired-once",
        {
          "en": "Make the unblock work with “block” too.",
          "es": "Haz que el desbloqueo también funcione con «bloquea»."
        }
      ],
      [
        "desired-late-copy",
        {
          "en": "Find when a copy blocks the IP again even with the desired state.",
          "es": "Encuentra cuándo una copia vuelve a bloquear la IP aun con el estado deseado."
        }
      ]
    ],
    "title": {
      "en": "Desired state",
      "es": "Estado deseado"
    }
  },
  "dlq": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "dlq_messages",
        {
          "en": "Messages",
          "es": "Mensajes"
        }
      ],
      [
        "arrival_s",
        {
          "en": "One arrives every (0: all at once)",
          "es": "Llega uno cada (0: todos juntos)"
        }
      ],
      [
        "dlq_job_s",
        {
          "en": "A healthy message's job",
          "es": "Trabajo de un mensaje sano"
        }
      ],
      [
        "dlq_workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "dlq_visibility_s",
        {
          "en": "Visibility timeout",
          "es": "Visibility timeout"
        }
      ],
      [
        "dlq_max_receive",
        {
          "en": "maxReceiveCount (0: no DLQ)",
          "es": "maxReceiveCount (0: sin DLQ)"
        }
      ],
      [
        "dlq_poison",
        {
          "en": "Messages with the bug",
          "es": "Los mensajes con bug"
        }
      ],
      [
        "poison_every",
        {
          "en": "One with the bug every (from the first)",
          "es": "Uno con bug cada (desde el primero)"
        }
      ],
      [
        "retention_h",
        {
          "en": "The queue's retention",
          "es": "Retención de la cola"
        }
      ],
      [
        "dlq_retention_h",
        {
          "en": "The DLQ's retention",
          "es": "Retención de la DLQ"
        }
      ],
      [
        "dlq_do",
        {
          "en": "What people do (seconds)",
          "es": "Lo que hacen las personas (segundos)"
        }
      ],
      [
        "look_s",
        {
          "en": "Instant shown",
          "es": "Instante mostrado"
        }
      ]
    ],
    "presets": [
      [
        "dlq-redrive",
        {
          "en": "A DLQ, fixed at 2 h, redriven at 3 h",
          "es": "DLQ, arreglo a las 2 h, redrive a las 3 h"
        }
      ],
      [
        "redrive-before-fix",
        {
          "en": "Redrive before the fix: back in the DLQ",
          "es": "Redrive antes del arreglo: vuelven a la DLQ"
        }
      ],
      [
        "mark-failed",
        {
          "en": "One marked failed, one redriven",
          "es": "Uno marcado fallido, otro con redrive"
        }
      ],
      [
        "no-dlq",
        {
          "en": "Error 3: a queue without a DLQ",
          "es": "Error 3: cola sin DLQ"
        }
      ],
      [
        "dlq-retention",
        {
          "en": "A DLQ with a short retention: expires unseen",
          "es": "DLQ con retención corta: vence sin que nadie lo vea"
        }
      ]
    ],
    "tasks": [
      [
        "dlq-redrive-early",
        {
          "en": "Redrive the DLQ before the cause is fixed and see where the messages go back to.",
          "es": "Devuelve los mensajes de la DLQ antes de arreglar la causa y mira adónde vuelven."
        }
      ],
      [
        "dlq-none",
        {
          "en": "Remove the DLQ and follow a poison message to its end.",
          "es": "Quita la DLQ y sigue a un mensaje venenoso hasta el final."
        }
      ]
    ],
    "title": {
      "en": "Operating the DLQ",
      "es": "Operar la DLQ"
    }
  },
  "failsafe": {
    "ladder": {
      "axes": [
        [
          "enrich_failure",
          {
            "en": "Enrichment failure",
            "es": "Falla del enriquecimiento"
          },
          "%"
        ],
        [
          "context_failure",
          {
            "en": "Context not confirmed",
            "es": "Contexto sin confirmar"
          },
          "%"
        ]
      ],
      "outcomes": [
        [
          "unsafe_detections_lost",
          {
            "en": "Detections lost (drop)",
            "es": "Detecciones perdidas (descartar)"
          },
          ""
        ],
        [
          "safe_detections_lost",
          {
            "en": "Detections lost (emit marked)",
            "es": "Detecciones perdidas (emitir con marca)"
          },
          ""
        ],
        [
          "unsafe_acted_blind",
          {
            "en": "Acted blind (drop)",
            "es": "Acciones a ciegas (descartar)"
          },
          ""
        ]
      ]
    },
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "enrich_failure",
        {
          "en": "Enrichment failure",
          "es": "Falla del enriquecimiento"
        }
      ],
      [
        "context_failure",
        {
          "en": "Context not confirmed",
          "es": "Contexto sin confirmar"
        }
      ],
      [
        "attacks",
        {
          "en": "Events that are attacks",
          "es": "Eventos que son ataques"
        }
      ],
      [
        "fs_events",
        {
          "en": "Events",
          "es": "Eventos"
        }
      ]
    ],
    "presets": [
      [
        "fail-safe",
        {
          "en": "Enrichment 10 %, context 20 %",
          "es": "Enriquecimiento 10 %, contexto 20 %"
        }
      ],
      [
        "enrichment-down",
        {
          "en": "The enrichment fails half the time",
          "es": "El enriquecimiento falla la mitad de las veces"
        }
      ]
    ],
    "tasks": [
      [
        "failsafe-enrichment-down",
        {
          "en": "Raise the enrichment's failure rate to 50 % and compare the detections lost on each side.",
          "es": "Sube la falla del enriquecimiento al 50 % y compara las detecciones perdidas a cada lado."
        }
      ],
      [
        "failsafe-no-blind",
        {
          "en": "Make the side without an answer never act blind, without changing its policy.",
          "es": "Haz que el lado sin respuesta no actúe nunca a ciegas, sin tocar su política."
        }
      ]
    ],
    "title": {
      "en": "Failing safely",
      "es": "Fallar de forma segura"
    }
  },
  "fraud": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "payments",
        {
          "en": "The card's payments in the hour",
          "es": "Pagos de la tarjeta en la hora"
        }
      ],
      [
        "processed",
        {
          "en": "A processes before dying",
          "es": "A procesa antes de caerse"
        }
      ]
    ],
    "presets": [
      [
        "exercise-10",
        {
          "en": "Exercise 10: 6 payments, A processes 3",
          "es": "Ejercicio 10: 6 pagos, A procesa 3"
        }
      ],
      [
        "exercise-10-late",
        {
          "en": "A processes 5 of 6 before dying",
          "es": "A procesa 5 de 6 antes de caerse"
        }
      ]
    ],
    "tasks": [
      [
        "fraud-late",
        {
          "en": "Let the dead consumer process 5 payments or more before it dies. What does the adding counter show?",
          "es": "Haz que el consumidor caído alcance a procesar 5 pagos o más antes de morir. ¿Cuánto marca el contador que suma?"
        }
      ],
      [
        "fraud-lucky",
        {
          "en": "Find the case where the adding counter is right.",
          "es": "Encuentra el caso en que el contador que suma da bien."
        }
      ]
    ],
    "title": {
      "en": "Fraud counter",
      "es": "Contador de fraude"
    }
  },
  "groups": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "topic_partitions",
        {
          "en": "Partitions",
          "es": "Particiones"
        }
      ],
      [
        "topic_events",
        {
          "en": "Events in the topic",
          "es": "Eventos en el tópico"
        }
      ],
      [
        "group_consumers",
        {
          "en": "Indexer consumers",
          "es": "Consumidores del indexador"
        }
      ],
      [
        "second_consumers",
        {
          "en": "Lake sink consumers (0: none)",
          "es": "Consumidores del sink al lake (0: sin él)"
        }
      ],
      [
        "poll_batch",
        {
          "en": "Events per poll",
          "es": "Eventos por poll"
        }
      ],
      [
        "commit",
        {
          "en": "Commit",
          "es": "Commit"
        }
      ],
      [
        "group_crash",
        {
          "en": "Consumer that crashes (0 or past the group: none)",
          "es": "Se cae el consumidor n.º (0 o fuera del grupo: ninguno)"
        }
      ],
      [
        "slow_s",
        {
          "en": "The first event takes (head-of-line)",
          "es": "El primer evento tarda (head-of-line)"
        }
      ],
      [
        "group_at_s",
        {
          "en": "Instant",
          "es": "Instante"
        }
      ]
    ],
    "presets": [
      [
        "lesson-004-groups",
        {
          "en": "At 3 s: the indexer at offset 3, the sink at 1",
          "es": "A los 3 s: el indexador en el offset 3, el sink en el 1"
        }
      ],
      [
        "idle-consumer",
        {
          "en": "12 partitions, 13 consumers",
          "es": "12 particiones y 13 consumidores"
        }
      ],
      [
        "exercise-3",
        {
          "en": "Exercise 3: 20 consumers, 12 partitions",
          "es": "Ejercicio 3: 20 consumidores, 12 particiones"
        }
      ],
      [
        "kill-consumer",
        {
          "en": "A consumer dies (commit after): re-reads",
          "es": "Se cae un consumidor (commit después): relecturas"
        }
      ],
      [
        "commit-first",
        {
          "en": "Commit before processing: gaps",
          "es": "Commit antes de procesar: huecos"
        }
      ],
      [
        "auto-commit",
        {
          "en": "Auto-commit every 5 s and a crash",
          "es": "Auto-commit cada 5 s y una caída"
        }
      ],
      [
        "sink-behind",
        {
          "en": "The lake sink, a minute behind",
          "es": "El sink al lake, un minuto atrás"
        }
      ],
      [
        "head-of-line",
        {
          "en": "A slow event blocks its partition",
          "es": "Un evento lento bloquea su partición"
        }
      ]
    ],
    "tasks": [
      [
        "groups-crash-rereads",
        {
          "en": "Make a consumer die before committing its offset and find the events read twice.",
          "es": "Haz que un consumidor muera antes de confirmar su offset y encuentra los eventos que se leen dos veces."
        }
      ],
      [
        "groups-commit-first",
        {
          "en": "Commit before processing, let a consumer die, and find the events nobody processes.",
          "es": "Confirma antes de procesar, deja morir a un consumidor y encuentra los eventos que nadie procesa."
        }
      ]
    ],
    "title": {
      "en": "Groups and offsets",
      "es": "Grupos y offsets"
    }
  },
  "lag": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "lag_partitions",
        {
          "en": "Partitions",
          "es": "Particiones"
        }
      ],
      [
        "lag_consumers",
        {
          "en": "Consumers in the group",
          "es": "Consumidores del grupo"
        }
      ],
      [
        "consumer_rate",
        {
          "en": "Each consumer reads",
          "es": "Lee cada consumidor"
        }
      ],
      [
        "arrival_rate",
        {
          "en": "Arriving",
          "es": "Llegan"
        }
      ],
      [
        "behind",
        {
          "en": "Lag (events behind)",
          "es": "Lag (eventos atrás)"
        }
      ],
      [
        "rate_before",
        {
          "en": "Before the fix, each of the 12 consumers reads",
          "es": "Antes del arreglo, lee cada uno de los 12 consumidores"
        }
      ]
    ],
    "presets": [
      [
        "exercise-9a",
        {
          "en": "Exercise 9 (a): consumers of 1,800/s",
          "es": "Ejercicio 9 (a): consumidores de 1,800/s"
        }
      ],
      [
        "exercise-9b",
        {
          "en": "Exercise 9 (b): 24 partitions at 1,500/s",
          "es": "Ejercicio 9 (b): 24 particiones de 1,500/s"
        }
      ],
      [
        "more-consumers",
        {
          "en": "More consumers than partitions",
          "es": "Más consumidores que particiones"
        }
      ]
    ],
    "tasks": [
      [
        "lag-exercise-9",
        {
          "en": "With 1.2 M events behind and 20,000 arriving per second, catch up in under 2 minutes.",
          "es": "Con 1.2 M eventos de atraso y 20,000 llegando por segundo, recupera el atraso en menos de 2 minutos."
        }
      ],
      [
        "lag-more-consumers",
        {
          "en": "Add more consumers than partitions and see what happens to the rate.",
          "es": "Agrega más consumidores que particiones y mira qué pasa con el ritmo."
        }
      ]
    ],
    "title": {
      "en": "Consumer lag",
      "es": "Lag del grupo"
    }
  },
  "partitions": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "partitions",
        {
          "en": "Partitions",
          "es": "Particiones"
        }
      ],
      [
        "keyed",
        {
          "en": "Events (key:payload, comma-separated)",
          "es": "Eventos (llave:contenido, separados por coma)"
        }
      ],
      [
        "resize_to",
        {
          "en": "Compare with another partition count (0: none)",
          "es": "Comparar con otro número de particiones (0: no)"
        }
      ]
    ],
    "presets": [
      [
        "lesson-004-keys",
        {
          "en": "The six events with 3 partitions",
          "es": "Los seis eventos con 3 particiones"
        }
      ],
      [
        "exercise-9-resize",
        {
          "en": "Exercise 9 (b): changing the partitions moves keys",
          "es": "Ejercicio 9 (b): cambiar las particiones mueve llaves"
        }
      ]
    ],
    "tasks": [
      [
        "partitions-resize",
        {
          "en": "Compare the topic with another number of partitions and see which keys move to another partition.",
          "es": "Compara el tópico con otro número de particiones y mira qué llaves cambian de partición."
        }
      ],
      [
        "partitions-one",
        {
          "en": "Leave the topic with a single partition and look at the events' order.",
          "es": "Deja el tópico con una sola partición y mira el orden de los eventos."
        }
      ]
    ],
    "title": {
      "en": "Partitions and keys",
      "es": "Particiones y llaves"
    }
  },
  "publish": {
    "ladder": {
      "axes": [
        [
          "pub_failure",
          {
            "en": "Failure probability per delivery",
            "es": "Probabilidad de fallo por entrega"
          },
          "%"
        ]
      ],
      "outcomes": [
        [
          "effects_naive",
          {
            "en": "Effects of the naive consumer",
            "es": "Efectos del consumidor no idempotente"
          },
          ""
        ],
        [
          "effects_by_v4_id",
          {
            "en": "Effects with a uuid4 per publication",
            "es": "Efectos con id uuid4 por publicación"
          },
          ""
        ],
        [
          "effects_by_uuid5",
          {
            "en": "Effects with the fact's uuid5",
            "es": "Efectos con id uuid5 del hecho"
          },
          ""
        ]
      ]
    },
    "lesson": {
      "en": "At-least-once is reality, exactly-once is a practical myth",
      "es": "At-least-once es la realidad, exactly-once es un mito práctico"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "facts",
        {
          "en": "Facts",
          "es": "Hechos"
        }
      ],
      [
        "pubs",
        {
          "en": "Each fact is published",
          "es": "Cada hecho se publica"
        }
      ],
      [
        "pub_failure",
        {
          "en": "Failure probability per delivery",
          "es": "Probabilidad de fallo por entrega"
        }
      ]
    ],
    "presets": [
      [
        "publish-twice",
        {
          "en": "20 facts published twice",
          "es": "20 hechos publicados dos veces"
        }
      ],
      [
        "publish-twice-failing",
        {
          "en": "Twice, with 30 % failures",
          "es": "Dos veces, con 30 % de fallos"
        }
      ]
    ],
    "tasks": [
      [
        "publish-failing",
        {
          "en": "With two publications and delivery failures, make the three columns give three different counts.",
          "es": "Con dos publicaciones y fallos de entrega, haz que las tres columnas den tres cuentas distintas."
        }
      ],
      [
        "publish-once",
        {
          "en": "Publish each fact once and compare the v4 id with the uuid5.",
          "es": "Publica cada hecho una sola vez y compara el id v4 con el uuid5."
        }
      ]
    ],
    "title": {
      "en": "Double publication",
      "es": "Doble publicación"
    }
  },
  "retention": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "log_retention_h",
        {
          "en": "The log's retention",
          "es": "Retención del log"
        }
      ],
      [
        "replay_h",
        {
          "en": "Replay from (hours ago)",
          "es": "Volver a leer desde hace"
        }
      ],
      [
        "reader_start",
        {
          "en": "A new reader starts",
          "es": "Un lector nuevo empieza"
        }
      ],
      [
        "log_rate",
        {
          "en": "Events arriving",
          "es": "Eventos que llegan"
        }
      ],
      [
        "read_rate",
        {
          "en": "One consumer reads",
          "es": "Lectura de un consumidor"
        }
      ]
    ],
    "presets": [
      [
        "replay-yesterday",
        {
          "en": "Kafka, 7 days: read yesterday's features again",
          "es": "Kafka, 7 días: releer las features de ayer"
        }
      ],
      [
        "kinesis-24h",
        {
          "en": "Kinesis, 24 h: read two days again",
          "es": "Kinesis, 24 h: releer dos días"
        }
      ],
      [
        "replay-a-year",
        {
          "en": "Kafka, 7 days: reprocess a year",
          "es": "Kafka, 7 días: reprocesar un año"
        }
      ]
    ],
    "tasks": [
      [
        "retention-a-year",
        {
          "en": "With Kafka's default retention, try to reprocess a year.",
          "es": "Con la retención de Kafka por omisión, intenta reprocesar un año."
        }
      ],
      [
        "retention-latest",
        {
          "en": "Add a new reader with nothing behind.",
          "es": "Agrega un lector nuevo que no tenga nada atrasado."
        }
      ]
    ],
    "title": {
      "en": "Retention and replay",
      "es": "Retención y replay"
    }
  },
  "retries": {
    "ladder": {
      "axes": [
        [
          "failure",
          {
            "en": "Failure probability per attempt",
            "es": "Probabilidad de fallo por intento"
          },
          "%"
        ],
        [
          "retries",
          {
            "en": "Maximum retries",
            "es": "Reintentos máximos"
          },
          ""
        ],
        [
          "ack_lost",
          {
            "en": "Failures that are lost acks",
            "es": "Fallos con ack perdido"
          },
          "%"
        ]
      ],
      "outcomes": [
        [
          "dead_letter_entries",
          {
            "en": "Events that reach dead-letter",
            "es": "Eventos que entran en dead-letter"
          },
          ""
        ],
        [
          "deliveries_per_event",
          {
            "en": "Deliveries per event",
            "es": "Entregas por evento"
          },
          ""
        ],
        [
          "naive_extra_effects",
          {
            "en": "Extra effects of the naive consumer",
            "es": "Efectos de más del consumidor no idempotente"
          },
          ""
        ]
      ]
    },
    "lesson": {
      "en": "At-least-once is reality, exactly-once is a practical myth",
      "es": "At-least-once es la realidad, exactly-once es un mito práctico"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "failure",
        {
          "en": "Failure probability per attempt",
          "es": "Probabilidad de fallo por intento"
        }
      ],
      [
        "ack_lost",
        {
          "en": "Failures that are lost acks",
          "es": "Fallos con ack perdido"
        }
      ],
      [
        "events",
        {
          "en": "Events",
          "es": "Eventos"
        }
      ],
      [
        "base",
        {
          "en": "Backoff base",
          "es": "Base del backoff"
        }
      ],
      [
        "retries",
        {
          "en": "Maximum retries",
          "es": "Reintentos máximos"
        }
      ],
      [
        "consumer",
        {
          "en": "Consumer shown",
          "es": "Consumidor mostrado"
        }
      ],
      [
        "jitter",
        {
          "en": "Jitter",
          "es": "Jitter"
        }
      ],
      [
        "speed",
        {
          "en": "Speed",
          "es": "Velocidad"
        }
      ],
      [
        "down",
        {
          "en": "Consumer down",
          "es": "Consumidor caído"
        }
      ],
      [
        "do",
        {
          "en": "Interventions",
          "es": "Intervenciones"
        }
      ]
    ],
    "presets": [
      [
        "lesson",
        {
          "en": "20 events, 30 % failures",
          "es": "20 eventos, 30 % de fallos"
        }
      ],
      [
        "consumer-down",
        {
          "en": "Consumer down for an hour",
          "es": "Consumidor caído una hora"
        }
      ],
      [
        "outage-story",
        {
          "en": "Outage, dead-letter, fix and retry (already played)",
          "es": "Caída, dead-letter, arreglo y reintento (ya reproducido)"
        }
      ],
      [
        "story",
        {
          "en": "The story: consumer down, dead-letter, fix and retry",
          "es": "La historia: consumidor caído, dead-letter, arreglo y reintento"
        }
      ],
      [
        "flaky-acks",
        {
          "en": "Flaky network: lost acks",
          "es": "Red inestable: acks perdidos"
        }
      ]
    ],
    "tasks": [
      [
        "retries-recover",
        {
          "en": "In the story, remove “Retry all” and retry the events left in dead-letter yourself, one by one, until every event is delivered.",
          "es": "En la historia, quita el «Reintentar todos» y reintenta tú, uno por uno, los eventos que quedaron en dead-letter, hasta que todos estén entregados."
        }
      ],
      [
        "retries-naive-extra",
        {
          "en": "Raise the lost acks or the failures and find a run where the non-idempotent consumer produces extra effects.",
          "es": "Sube los acks perdidos o los fallos y encuentra una ejecución en la que el consumidor no idempotente produzca efectos de más."
        }
      ],
      [
        "retries-exhausted",
        {
          "en": "With no outage, only the failure probability, make an event exhaust its retries.",
          "es": "Sin ninguna caída, solo con la probabilidad de fallo, haz que un evento agote sus reintentos."
        }
      ]
    ],
    "title": {
      "en": "Retries and dead-letter",
      "es": "Reintentos y dead-letter"
    }
  },
  "size": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "payload_kib",
        {
          "en": "File size",
          "es": "Tamaño del archivo"
        }
      ],
      [
        "claim_check",
        {
          "en": "Claim check",
          "es": "Claim check"
        }
      ],
      [
        "per_day",
        {
          "en": "Messages a day",
          "es": "Mensajes al día"
        }
      ]
    ],
    "presets": [
      [
        "photo-10mb",
        {
          "en": "A 10 MiB photo in the message",
          "es": "Una foto de unos 10 MB en el mensaje"
        }
      ],
      [
        "claim-check",
        {
          "en": "The same photo with a claim check",
          "es": "La misma foto con claim check"
        }
      ],
      [
        "pdf-300kib",
        {
          "en": "A 300 KiB PDF",
          "es": "Un PDF de 300 KiB"
        }
      ]
    ],
    "tasks": [
      [
        "size-claim-check",
        {
          "en": "Get the 10 MiB photo under all three limits without shrinking it.",
          "es": "Haz que la foto de unos 10 MB quepa en los tres límites sin achicarla."
        }
      ],
      [
        "size-sqs-2025",
        {
          "en": "Find a file SQS takes today and refused before August 2025.",
          "es": "Encuentra un archivo que SQS acepta hoy y que antes de agosto de 2025 rechazaba."
        }
      ]
    ],
    "title": {
      "en": "Size and claim check",
      "es": "Tamaño y claim check"
    }
  },
  "storm": {
    "ladder": {
      "axes": [
        [
          "clients",
          {
            "en": "Clients",
            "es": "Clientes"
          },
          ""
        ],
        [
          "attempts",
          {
            "en": "Attempts at most (first call included)",
            "es": "Tope de intentos (con la primera llamada)"
          },
          ""
        ]
      ],
      "outcomes": [
        [
          "b_succeeded",
          {
            "en": "Clients through (the right strategy)",
            "es": "Clientes que pasan (estrategia de la derecha)"
          },
          ""
        ],
        [
          "a_succeeded",
          {
            "en": "Clients through (the left strategy)",
            "es": "Clientes que pasan (estrategia de la izquierda)"
          },
          ""
        ],
        [
          "b_peak_calls_per_s",
          {
            "en": "Peak calls per second (the right strategy)",
            "es": "Pico de llamadas por segundo (estrategia de la derecha)"
          },
          "/s"
        ]
      ]
    },
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "clients",
        {
          "en": "Clients",
          "es": "Clientes"
        }
      ],
      [
        "recover",
        {
          "en": "The dependency is back at",
          "es": "La dependencia vuelve a los"
        }
      ],
      [
        "capacity",
        {
          "en": "Capacity once back",
          "es": "Capacidad al volver"
        }
      ],
      [
        "dependency",
        {
          "en": "When it gets more than it serves",
          "es": "Si recibe más de lo que atiende"
        }
      ],
      [
        "strategy_a",
        {
          "en": "Strategy, left",
          "es": "Estrategia, izquierda"
        }
      ],
      [
        "strategy_b",
        {
          "en": "Strategy, right",
          "es": "Estrategia, derecha"
        }
      ],
      [
        "base_ms",
        {
          "en": "Backoff base",
          "es": "Base del backoff"
        }
      ],
      [
        "attempts",
        {
          "en": "Attempts at most (first call included)",
          "es": "Tope de intentos (con la primera llamada)"
        }
      ],
      [
        "budget",
        {
          "en": "Retry budget (like gRPC's retryThrottling)",
          "es": "Presupuesto de reintentos (como retryThrottling de gRPC)"
        }
      ],
      [
        "breaker",
        {
          "en": "Circuit breaker",
          "es": "Circuit breaker"
        }
      ]
    ],
    "presets": [
      [
        "storm",
        {
          "en": "100 clients, 50/s",
          "es": "100 clientes, 50/s"
        }
      ],
      [
        "storm-shedding",
        {
          "en": "A dependency that sheds the excess",
          "es": "Una dependencia que descarta el exceso"
        }
      ],
      [
        "storm-overloaded",
        {
          "en": "100 clients, 30/s",
          "es": "100 clientes, 30/s"
        }
      ],
      [
        "retry-budget",
        {
          "en": "Retry budget",
          "es": "Presupuesto de reintentos"
        }
      ],
      [
        "breaker",
        {
          "en": "Circuit breaker",
          "es": "Circuit breaker"
        }
      ]
    ],
    "tasks": [
      [
        "storm-too-many",
        {
          "en": "With 300 clients or more, not even jitter gets most of them through. Get 9 in 10 through.",
          "es": "Con 300 clientes o más, ni con jitter pasa la mayoría. Haz que pasen 9 de cada 10."
        }
      ],
      [
        "storm-shedding",
        {
          "en": "Find a dependency against which jitter does not get more clients through.",
          "es": "Encuentra una dependencia contra la que el jitter no hace que pasen más clientes."
        }
      ],
      [
        "storm-budget",
        {
          "en": "Turn on the retry budget and see how many retries it stops in the client.",
          "es": "Activa el presupuesto de reintentos y mira cuántos reintentos corta en el cliente."
        }
      ],
      [
        "storm-breaker",
        {
          "en": "Turn on the circuit breaker and find the calls the fallback answers without touching the dependency.",
          "es": "Activa el circuit breaker y encuentra las llamadas que responde el fallback sin tocar la dependencia."
        }
      ]
    ],
    "title": {
      "en": "Retry storm",
      "es": "Tormenta de reintentos"
    }
  },
  "timeouts": {
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "deadline_ms",
        {
          "en": "Caller's deadline",
          "es": "Plazo del llamador"
        }
      ],
      [
        "timeout_ms",
        {
          "en": "Call timeout",
          "es": "Timeout de la llamada"
        }
      ],
      [
        "slow_ms",
        {
          "en": "Latency of A (the slow one)",
          "es": "Latencia de A (la lenta)"
        }
      ],
      [
        "fast_ms",
        {
          "en": "Latency of B (the healthy one)",
          "es": "Latencia de B (la sana)"
        }
      ],
      [
        "rate_slow",
        {
          "en": "Requests to A",
          "es": "Peticiones a A"
        }
      ],
      [
        "rate_fast",
        {
          "en": "Requests to B",
          "es": "Peticiones a B"
        }
      ],
      [
        "workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "pools",
        {
          "en": "Pool",
          "es": "Pool"
        }
      ],
      [
        "window",
        {
          "en": "For",
          "es": "Durante"
        }
      ]
    ],
    "presets": [
      [
        "shared-pool",
        {
          "en": "Shared pool, long timeout",
          "es": "Pool compartido, timeout largo"
        }
      ],
      [
        "bulkheads",
        {
          "en": "Bulkheads",
          "es": "Bulkheads"
        }
      ],
      [
        "short-timeout",
        {
          "en": "Timeout below the deadline",
          "es": "Timeout menor que el plazo"
        }
      ]
    ],
    "tasks": [
      [
        "timeouts-bulkheads",
        {
          "en": "Make every call to B, the healthy dependency, answer in time while A stays slow.",
          "es": "Haz que todas las llamadas de B, la dependencia sana, respondan a tiempo mientras A sigue lenta."
        }
      ],
      [
        "timeouts-no-waste",
        {
          "en": "Set the timeout so that no worker works for a call whose caller has left.",
          "es": "Ajusta el timeout para que ningún worker trabaje para una llamada cuyo cliente ya se fue."
        }
      ]
    ],
    "title": {
      "en": "Timeouts and bulkheads",
      "es": "Timeouts y bulkheads"
    }
  },
  "ttl": {
    "lesson": {
      "en": "Reliability at scale: idempotency, retries and backpressure",
      "es": "Confiabilidad a escala: idempotencia, reintentos y backpressure"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "ttl_s",
        {
          "en": "The id's TTL",
          "es": "TTL del id"
        }
      ],
      [
        "acks_lost",
        {
          "en": "Acks lost",
          "es": "Acks perdidos"
        }
      ]
    ],
    "presets": [
      [
        "ttl-300",
        {
          "en": "A 300 s TTL, 5 acks lost",
          "es": "TTL de 300 s, 5 acks perdidos"
        }
      ],
      [
        "ttl-schedule",
        {
          "en": "A 1,890 s TTL: the whole schedule",
          "es": "TTL de 1,890 s: toda la tabla de espera"
        }
      ]
    ],
    "tasks": [
      [
        "ttl-cover",
        {
          "en": "Raise “Acks lost” to 6 (the six retries of the 30 s backoff) and find the shortest expiry, in steps of 60 s, at which no retry is processed again.",
          "es": "Sube «Acks perdidos» a 6 (los seis reintentos del backoff de 30 s) y encuentra la expiración más corta, de 60 en 60 s, con la que ningún reintento se procesa otra vez."
        }
      ],
      [
        "ttl-never",
        {
          "en": "Make the id record never expire.",
          "es": "Haz que el registro de ids no expire nunca."
        }
      ]
    ],
    "title": {
      "en": "An expiring record",
      "es": "Registro con expiración"
    }
  },
  "uuid5": {
    "lesson": {
      "en": "At-least-once is reality, exactly-once is a practical myth",
      "es": "At-least-once es la realidad, exactly-once es un mito práctico"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "pass",
        {
          "en": "norad_id",
          "es": "norad_id"
        }
      ],
      [
        "ns",
        {
          "en": "Namespace",
          "es": "Namespace"
        }
      ]
    ],
    "presets": [
      [
        "double-publication",
        {
          "en": "Double publication",
          "es": "Doble publicación"
        }
      ]
    ],
    "tasks": [
      [
        "uuid5-other-pass",
        {
          "en": "Compute the id of another pass (another norad_id or start) and see how often it is processed when published twice.",
          "es": "Calcula el id de otro pase (otro norad_id u otro inicio) y mira cuántas veces se procesa si se publica dos veces."
        }
      ],
      [
        "uuid5-namespace",
        {
          "en": "Change the namespace and compare the same pass's id.",
          "es": "Cambia el namespace y compara el id del mismo pase."
        }
      ],
      [
        "uuid5-invalid",
        {
          "en": "Type a start that is not canonical UTC (say, without the Z) and see what the lab does.",
          "es": "Escribe un inicio que no sea UTC canónico (por ejemplo, sin la Z) y mira qué hace el laboratorio."
        }
      ]
    ],
    "title": {
      "en": "Deterministic ids (uuid5)",
      "es": "Ids deterministas (uuid5)"
    }
  },
  "visibility": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "job_s",
        {
          "en": "Job duration",
          "es": "Duración del trabajo"
        }
      ],
      [
        "visibility_s",
        {
          "en": "Visibility timeout",
          "es": "Visibility timeout"
        }
      ],
      [
        "consumers",
        {
          "en": "Idle workers",
          "es": "Workers libres"
        }
      ],
      [
        "heartbeat_s",
        {
          "en": "Heartbeat every",
          "es": "Latido (heartbeat) cada"
        }
      ],
      [
        "max_receive",
        {
          "en": "maxReceiveCount (0: no DLQ)",
          "es": "maxReceiveCount (0: sin DLQ)"
        }
      ],
      [
        "poison",
        {
          "en": "Message",
          "es": "Mensaje"
        }
      ],
      [
        "late_ack",
        {
          "en": "An ack after the deadline",
          "es": "Un ack después del plazo"
        }
      ],
      [
        "dies_s",
        {
          "en": "The first worker dies at (0: never)",
          "es": "El primer worker muere a los (0: nunca)"
        }
      ]
    ],
    "presets": [
      [
        "visibility-sqs",
        {
          "en": "10 minutes with SQS's 30 s",
          "es": "10 minutos con los 30 s de SQS"
        }
      ],
      [
        "exercise-5",
        {
          "en": "Exercise 5: p99 of 4 minutes with 30 s",
          "es": "Ejercicio 5: p99 de 4 minutos con 30 s"
        }
      ],
      [
        "exercise-5-rule",
        {
          "en": "Exercise 5: twice the p99",
          "es": "Ejercicio 5: el doble del p99"
        }
      ],
      [
        "pubsub-10s",
        {
          "en": "Pub/Sub: its 10 s default",
          "es": "Pub/Sub: 10 s por omisión"
        }
      ],
      [
        "heartbeat",
        {
          "en": "Heartbeat: 2 minutes renewed every minute, the worker dies",
          "es": "Latido: 2 minutos renovados cada minuto, el worker muere"
        }
      ],
      [
        "long-deadline",
        {
          "en": "Long deadline: 80 minutes without a heartbeat, the worker dies",
          "es": "Plazo largo: 80 minutos sin latido, el worker muere"
        }
      ],
      [
        "pubsub-600s",
        {
          "en": "Pub/Sub: its 600 s maximum, a 20-minute job",
          "es": "Pub/Sub: el máximo de 600 s, un trabajo de 20 min"
        }
      ],
      [
        "rabbitmq-30min",
        {
          "en": "RabbitMQ: a 30-minute consumer timeout, a 40-minute job",
          "es": "RabbitMQ: consumer timeout de 30 min, un trabajo de 40 min"
        }
      ],
      [
        "sqs-12h-ceiling",
        {
          "en": "SQS: a heartbeat stops at 12 h, a 13-hour job",
          "es": "SQS: un latido no pasa de 12 h, un trabajo de 13 h"
        }
      ],
      [
        "exercise-8-hang",
        {
          "en": "Exercise 8: hangs, 15 min × 5",
          "es": "Ejercicio 8: se cuelga, 15 min × 5"
        }
      ],
      [
        "exercise-8-crash",
        {
          "en": "Exercise 8: crashes the worker, 3 min with a heartbeat",
          "es": "Ejercicio 8: tumba al worker, 3 min con latido"
        }
      ]
    ],
    "tasks": [
      [
        "visibility-one-copy",
        {
          "en": "With a 4-minute job (240 s), find a visibility timeout that leaves one copy: above the job, with a margin no larger than twice the p99, the lesson's example.",
          "es": "Con un trabajo de 4 minutos (240 s), encuentra un visibility timeout que deje una sola copia: por encima del trabajo, y con un margen que no pase del doble del p99, el ejemplo de la lección."
        }
      ],
      [
        "visibility-heartbeat",
        {
          "en": "A job of 40 minutes or more, a single copy, and a timeout of 10 minutes or less.",
          "es": "Un trabajo de 40 minutos o más, una sola copia, y un plazo de 10 minutos o menos."
        }
      ]
    ],
    "title": {
      "en": "Visibility timeout and the DLQ",
      "es": "Visibility timeout y DLQ"
    }
  },
  "waits": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "waits_job_ms",
        {
          "en": "Each job takes",
          "es": "Cada trabajo tarda"
        }
      ],
      [
        "waits_down_to_s",
        {
          "en": "The workers are back at",
          "es": "Los workers vuelven a los"
        }
      ],
      [
        "waits_down_from_s",
        {
          "en": "The workers go down at",
          "es": "Los workers se caen a los"
        }
      ],
      [
        "waits_workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "waits_timeout_ms",
        {
          "en": "The caller's timeout",
          "es": "Timeout de quien llama"
        }
      ],
      [
        "waits_poll_ms",
        {
          "en": "Whoever waits for the result asks every",
          "es": "Quien espera el resultado pregunta cada"
        }
      ]
    ],
    "presets": [
      [
        "pdf-job",
        {
          "en": "A 2 s PDF, workers down from 5 to 12 s",
          "es": "Un PDF de 2 s, workers caídos de 5 a 12 s"
        }
      ],
      [
        "ana-request",
        {
          "en": "Ana's request: 50 ms, 300 ms to live, nothing down",
          "es": "La request de Ana: 50 ms, 300 ms de vida, nadie caído"
        }
      ]
    ],
    "tasks": [
      [
        "waits-fast-job",
        {
          "en": "Find when the queue makes things worse for whoever waits for the answer.",
          "es": "Encuentra cuándo la cola empeora las cosas para quien espera la respuesta."
        }
      ],
      [
        "waits-long-outage",
        {
          "en": "Keep the workers down until 30 s and compare: how many synchronous requests fail, how many queued jobs are lost?",
          "es": "Deja caídos los workers hasta los 30 s y compara: ¿cuántas requests síncronas fallan, cuántos trabajos de la cola se pierden?"
        }
      ]
    ],
    "title": {
      "en": "Does anyone wait?",
      "es": "¿Alguien espera?"
    }
  },
  "workers": {
    "lesson": {
      "en": "Queues and streams: messages that wait",
      "es": "Colas y streams: mensajes que esperan"
    },
    "locks": [
      [
        "seed",
        {
          "en": "Seed",
          "es": "Semilla"
        }
      ],
      [
        "jobs",
        {
          "en": "Jobs",
          "es": "Trabajos"
        }
      ],
      [
        "job_ms",
        {
          "en": "Each one takes",
          "es": "Duración de cada uno"
        }
      ],
      [
        "job_workers",
        {
          "en": "Workers",
          "es": "Workers"
        }
      ],
      [
        "queue",
        {
          "en": "The queue lives in",
          "es": "La cola vive en"
        }
      ],
      [
        "restart_ms",
        {
          "en": "The process restarts at (0: never)",
          "es": "El proceso se reinicia a los (0: nunca)"
        }
      ]
    ],
    "presets": [
      [
        "competing-consumers",
        {
          "en": "12 jobs of 0.1 s, 4 workers",
          "es": "12 trabajos de 0.1 s, 4 workers"
        }
      ],
      [
        "pdf-pages",
        {
          "en": "A 200-page PDF, 20 workers",
          "es": "Un PDF de 200 páginas, 20 workers"
        }
      ],
      [
        "restart-in-memory",
        {
          "en": "Restart with the queue in memory",
          "es": "Reinicio con la cola en memoria"
        }
      ],
      [
        "restart-broker",
        {
          "en": "Restart with a broker",
          "es": "Reinicio con un broker"
        }
      ]
    ],
    "tasks": [
      [
        "workers-pdf",
        {
          "en": "Process 200 pages of 1 s each in 10 s or less.",
          "es": "Procesa 200 páginas de 1 s cada una en 10 s o menos."
        }
      ],
      [
        "workers-restart",
        {
          "en": "Restart an in-memory queue in the middle of the work and count what is lost.",
          "es": "Reinicia una cola en memoria a mitad del trabajo y cuenta lo que se pierde."
        }
      ]
    ],
    "title": {
      "en": "Competing consumers",
      "es": "Consumidores en competencia"
    }
  }
};
