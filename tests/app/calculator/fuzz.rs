//! The score calculator never panics, whatever is typed into its form.

use super::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Whatever is in the fields, the form is read and scored without a panic.
    #[test]
    fn evaluate_never_panics(
        fields in proptest::collection::vec(".{0,12}", 40),
        table in 0usize..4,
    ) {
        let mut sheet = Sheet {
            table: noctiluca::app::calculator::TableSize::ALL[table],
            ..Sheet::default()
        };
        let mut it = fields.into_iter();
        for p in sheet.players.iter_mut() {
            p.name = it.next().unwrap();
            p.tokens.gold = it.next().unwrap();
            p.tokens.brown = it.next().unwrap();
            p.tokens.red = it.next().unwrap();
            p.delivered = it.next().unwrap();
            p.jar_bonus = it.next().unwrap();
            p.favourite_spaces = it.next().unwrap();
            p.leftover_dice = it.next().unwrap();
        }
        sheet.tempest.tokens.gold = it.next().unwrap();
        sheet.tempest.dice = it.next().unwrap();
        let eval = evaluate(&sheet, &Components::default());
        let _ = eval.summary();
    }
}
