//! Request bodies checked against Discord's OpenAPI 3.1 description
//! (tests/fixtures/discord/openapi.json): the schema of the operation's
//! `application/json` request body, as JSON Schema 2020-12.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

/// The spec and the validators compiled so far, by operation.
pub struct Spec {
    doc: Value,
    /// Path templates split into segments (`{...}` matches any segment).
    templates: Vec<(String, Vec<String>)>,
    validators: Mutex<HashMap<(String, String), Arc<jsonschema::Validator>>>,
}

/// Why a body was refused.
#[derive(Debug)]
pub enum Refusal {
    /// No operation of the spec has this method and path.
    UnknownRoute,
    /// The operation takes no JSON body.
    NoBody,
    /// The body breaks the schema (the messages say where).
    Invalid(Vec<String>),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::UnknownRoute => write!(f, "no such route in Discord's spec"),
            Refusal::NoBody => write!(f, "this route takes no JSON body"),
            Refusal::Invalid(errors) => write!(f, "{}", errors.join("; ")),
        }
    }
}

impl Spec {
    pub fn load() -> Spec {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/discord/openapi.json"
        );
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        // The one deviation from the spec, and on purpose: the spec types
        // snowflakes as strings only, but Discord also takes them as JSON
        // integers in request bodies (serenity sends a new attachment's id
        // as the integer index of its file part, as discord.py does).
        doc["components"]["schemas"]["SnowflakeType"] = json!({
            "anyOf": [
                doc["components"]["schemas"]["SnowflakeType"].clone(),
                { "type": "integer", "minimum": 0 }
            ]
        });
        let templates = doc["paths"]
            .as_object()
            .expect("the spec has paths")
            .keys()
            .map(|t| (t.clone(), segments(t)))
            .collect();
        Spec {
            doc,
            templates,
            validators: Mutex::default(),
        }
    }

    /// The spec's path template for a request path (after `/api/v10`):
    /// literal segments win over parameters (`@original` over
    /// `{message_id}`).
    pub fn route(&self, method: &str, path: &str) -> Option<String> {
        let wanted = segments(path);
        let method = method.to_ascii_lowercase();
        self.templates
            .iter()
            .filter(|(template, parts)| {
                parts.len() == wanted.len()
                    && parts
                        .iter()
                        .zip(&wanted)
                        .all(|(p, w)| p.starts_with('{') || p == w)
                    && self.doc["paths"][template.as_str()].get(&method).is_some()
            })
            .max_by_key(|(_, parts)| parts.iter().filter(|p| !p.starts_with('{')).count())
            .map(|(template, _)| template.clone())
    }

    /// Check a JSON body sent with `method` to `path`.
    pub fn check(&self, method: &str, path: &str, body: &Value) -> Result<(), Refusal> {
        let template = self.route(method, path).ok_or(Refusal::UnknownRoute)?;
        let validator = self.validator(&method.to_ascii_lowercase(), &template)?;
        let errors: Vec<String> = validator
            .iter_errors(body)
            .take(5)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Refusal::Invalid(errors))
        }
    }

    fn validator(
        &self,
        method: &str,
        template: &str,
    ) -> Result<Arc<jsonschema::Validator>, Refusal> {
        let key = (method.to_string(), template.to_string());
        let mut validators = self.validators.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = validators.get(&key) {
            return Ok(Arc::clone(found));
        }
        let body = &self.doc["paths"][template][method]["requestBody"]["content"]
            ["application/json"]["schema"];
        if body.is_null() {
            return Err(Refusal::NoBody);
        }
        // The whole spec is the root resource, so the schema's
        // `#/components/...` references resolve inside it.
        let pointer = format!(
            "#/paths/{}/{method}/requestBody/content/application~1json/schema",
            template
                .replace('~', "~0")
                .replace('/', "~1")
                // A URI fragment: braces are percent-encoded.
                .replace('{', "%7B")
                .replace('}', "%7D")
        );
        let mut root = self.doc.clone();
        root["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
        root["$ref"] = json!(pointer);
        let validator = jsonschema::draft202012::new(&root).unwrap_or_else(|e| {
            panic!("the spec's schema for {method} {template} does not compile: {e}")
        });
        let validator = Arc::new(validator);
        validators.insert(key, Arc::clone(&validator));
        Ok(validator)
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}
