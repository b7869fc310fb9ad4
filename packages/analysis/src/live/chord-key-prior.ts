/**
 * Written by `npx tsx packages/analysis/train/live-chord-prior.ts` — do not edit by hand.
 *
 * Share of chord time of each of Live's frame-model classes in major and minor keys, by quality
 * (`FRAME_MODEL_QUALITIES`, one row each) and its root's interval above the tonic (0..11 semitones), counted
 * on the training split of the McGill Billboard charts (CC0, 798 songs) and POP909 (MIT,
 * 682 songs with one key; 138 with key changes left out): 54.4 hours of
 * chords in major keys, 27.1 in minor ones. Each mode's 60 shares sum to 1 (1 % of it spread
 * evenly). PROVENANCE.md, "Live's chords weighed by the key".
 */
// biome-ignore format: one row of 12 intervals per quality
export const CHORD_KEY_SHARES: { readonly major: readonly number[]; readonly minor: readonly number[] } = {
  major: [
    /* maj */ 0.2942, 0.002891, 0.01162, 0.005087, 0.005759, 0.1537, 0.001955, 0.1475, 0.005673, 0.007138, 0.01833, 0.001081,
    /* min */ 0.001987, 0.0002987, 0.0456, 0.000286, 0.04114, 0.007385, 0.0003938, 0.002287, 0.0002771, 0.07875, 0.0004719, 0.0007901,
    /* 7 */ 0.02341, 0.0002673, 0.006457, 0.0003622, 0.002804, 0.007368, 0.0007411, 0.0288, 0.0007505, 0.003146, 0.0009865, 0.0005568,
    /* maj7 */ 0.01539, 0.0005907, 0.0002847, 0.0008579, 0.0002588, 0.0116, 0.0003215, 0.001565, 0.0009791, 0.0002423, 0.0005647, 0.0001817,
    /* min7 */ 0.001807, 0.0002697, 0.01951, 0.0006613, 0.01236, 0.001847, 0.0003741, 0.002211, 0.0004844, 0.0163, 0.0005354, 0.0006744,
  ],
  minor: [
    /* maj */ 0.02195, 0.002318, 0.001299, 0.08899, 0.0006239, 0.02195, 0.0006646, 0.04274, 0.1067, 0.0004507, 0.1298, 0.0004428,
    /* min */ 0.2873, 0.0005075, 0.002927, 0.0002338, 0.0007915, 0.08293, 0.0001829, 0.0682, 0.001043, 0.0009835, 0.0004573, 0.0002776,
    /* 7 */ 0.002198, 0.000246, 0.0004593, 0.001894, 0.000179, 0.007242, 0.0001667, 0.009725, 0.00094, 0.0002303, 0.00289, 0.0002006,
    /* maj7 */ 0.0005531, 0.0003173, 0.0001667, 0.006739, 0.0001667, 0.0001949, 0.0002495, 0.000222, 0.01458, 0.0002084, 0.0009562, 0.0003727,
    /* min7 */ 0.0549, 0.0001667, 0.002319, 0.0002849, 0.0001667, 0.01428, 0.0001667, 0.01121, 0.000349, 0.000497, 0.0005601, 0.0001977,
  ],
};
