// Moves a store forward in time and reports exactly what changed. Order within one step:
// clock, removals, sales, restocks, price changes, additions, pages, collections. A variant is
// touched at most once per step and removed products are never also reported as changed, so
// the returned list is what a correct changelog between "before" and "after" should contain.

import { PAGE_ID_BASE, makePage, type BuiltStore } from "./build-store";
import { createRng, mixSeed, type Rng } from "./rng";
import { formatCents, isAvailable, toCents, type ProductRecord, type VariantRecord } from "./records";
import { planDailySales } from "./daily-sales";
import { shopifyTime } from "./time";
import type { AdvanceOptions, FakeChange } from "./types";

type Target = BuiltStore;

interface Picked {
  slot: number;
  product: ProductRecord;
  variant: VariantRecord;
}

export function advanceStore(target: Target, options: AdvanceOptions, step: number): FakeChange[] {
  const rng = createRng(options.seed ?? mixSeed(target.settings.seed, 0xadface, step));
  target.settings.nowMs += (options.minutes ?? 60) * 60_000;
  const now = shopifyTime(target.settings.nowMs, target.settings.offsetMinutes);
  const touched = new Set<number>();
  const changes: FakeChange[] = [];

  // Removals first so that later picks only see products that still exist.
  for (const slot of pickProductsToRemove(target, rng, options.removeProducts)) {
    const product = target.catalog.product(slot);
    target.catalog.remove(slot);
    changes.push({ kind: "product_removed", productId: product.id, handle: product.handle, variantIds: product.variants.map((v) => v.id) });
  }

  for (const slot of pickProductsToRemove(target, rng, options.unpublishProducts)) {
    const product = target.catalog.product(slot);
    target.catalog.remove(slot);
    changes.push({
      kind: "product_unpublished",
      productId: product.id,
      handle: product.handle,
      variantIds: product.variants.map((v) => v.id),
    });
  }

  if (options.dailySales) {
    for (const { variantId, sold, restocked } of planDailySales(target, rng, touched)) {
      changes.push(changeInventory(target, variantId, restocked - sold, now, restocked > 0 ? "restock" : "sale", sold));
    }
  }
  for (const { variantId, amount } of inventoryPlan(target, rng, options.sales, touched, true)) {
    changes.push(changeInventory(target, variantId, -amount, now, "sale", null));
  }
  for (const { variantId, amount } of inventoryPlan(target, rng, options.restocks, touched, false)) {
    changes.push(changeInventory(target, variantId, amount, now, "restock", 0));
  }
  changes.push(...changePrices(target, rng, options.priceChanges, touched, now));

  for (let i = 0; i < (options.addProducts ?? 0); i++) {
    const record = target.catalog.add((slot) => freshProduct(target, slot, now));
    changes.push({ kind: "product_added", productId: record.id, handle: record.handle, variantIds: record.variants.map((v) => v.id) });
  }

  changes.push(...changePages(target, rng, options, now));
  changes.push(...changeCollections(target, rng, options, now));
  return changes;
}

function freshProduct(target: Target, slot: number, now: string): ProductRecord {
  const record = target.generator.product(slot, target.settings.nowMs);
  // The generator spreads updated_at after created_at; a brand-new product has not been edited.
  record.updated_at = now;
  record.created_at = now;
  record.published_at = now;
  for (const v of record.variants) {
    v.created_at = now;
    v.updated_at = now;
  }
  return record;
}

function pickProductsToRemove(target: Target, rng: Rng, spec: AdvanceOptions["removeProducts"]): number[] {
  if (Array.isArray(spec)) {
    return spec.map((id) => {
      const slot = target.catalog.slotOfProductId(id);
      if (slot === null) throw new Error(`removeProducts: no live product ${id}`);
      return slot;
    });
  }
  const slots = new Set<number>();
  const wanted = Math.min(spec ?? 0, target.catalog.size);
  while (slots.size < wanted) slots.add(randomLiveSlot(target, rng));
  return [...slots];
}

function randomLiveSlot(target: Target, rng: Rng): number {
  const live = target.catalog.liveSlots();
  return live[rng.int(0, live.length - 1)] as number;
}

/** A random variant not yet touched in this step that satisfies `accept`. */
function randomVariant(target: Target, rng: Rng, touched: Set<number>, accept: (v: VariantRecord) => boolean): Picked | null {
  if (target.catalog.size === 0) return null;
  for (let attempt = 0; attempt < 200; attempt++) {
    const slot = randomLiveSlot(target, rng);
    const product = target.catalog.product(slot);
    const variant = rng.pick(product.variants);
    if (!touched.has(variant.id) && accept(variant)) return { slot, product, variant };
  }
  return null;
}

function inventoryPlan(
  target: Target,
  rng: Rng,
  spec: AdvanceOptions["sales"],
  touched: Set<number>,
  isSale: boolean,
): Array<{ variantId: number; amount: number }> {
  if (Array.isArray(spec)) {
    for (const { variantId } of spec) touched.add(variantId);
    return spec.map(({ variantId, quantity }) => ({ variantId, amount: quantity }));
  }
  const plan: Array<{ variantId: number; amount: number }> = [];
  for (let i = 0; i < (spec ?? 0); i++) {
    const picked = randomVariant(target, rng, touched, (v) => (isSale ? v.inventoryQuantity > 0 : true));
    if (!picked) break;
    touched.add(picked.variant.id);
    const stock = picked.variant.inventoryQuantity;
    // A third of random sales sell the variant out, so availability flips happen.
    const amount = isSale ? (rng.chance(0.33) ? stock : rng.int(1, Math.min(3, stock))) : rng.int(5, 30);
    plan.push({ variantId: picked.variant.id, amount });
  }
  return plan;
}

function mutableVariant(target: Target, variantId: number): { product: ProductRecord; variant: VariantRecord } {
  const slot = target.catalog.slotOfVariant(variantId);
  if (slot === null) throw new Error(`no live variant ${variantId}`);
  const product = target.catalog.mutable(slot);
  const variant = product.variants.find((v) => v.id === variantId);
  if (!variant) throw new Error(`no live variant ${variantId}`);
  return { product, variant };
}

/** `sold`: true units sold in the change (null: all of the drop). */
function changeInventory(
  target: Target,
  variantId: number,
  delta: number,
  now: string,
  kind: "sale" | "restock",
  sold: number | null,
): FakeChange {
  const { product, variant } = mutableVariant(target, variantId);
  const quantityBefore = variant.inventoryQuantity;
  const availableBefore = isAvailable(variant);
  // Stock never goes negative: a sale larger than the stock sells what is left.
  variant.inventoryQuantity = Math.max(0, quantityBefore + delta);
  variant.updated_at = now;
  product.updated_at = now;
  return {
    kind,
    productId: product.id,
    handle: product.handle,
    variantId,
    quantityBefore,
    quantityAfter: variant.inventoryQuantity,
    availableBefore,
    availableAfter: isAvailable(variant),
    unitsSold: sold ?? quantityBefore - variant.inventoryQuantity,
  };
}

function changePrices(target: Target, rng: Rng, spec: AdvanceOptions["priceChanges"], touched: Set<number>, now: string): FakeChange[] {
  let plan: Array<{ variantId: number; priceCents: number; compareAtCents?: number | null }>;
  if (Array.isArray(spec)) {
    plan = spec.map((p) => ({
      variantId: p.variantId,
      priceCents: toCents(p.price),
      compareAtCents: p.compareAtPrice === undefined ? undefined : p.compareAtPrice === null ? null : toCents(p.compareAtPrice),
    }));
  } else {
    plan = [];
    for (let i = 0; i < (spec ?? 0); i++) {
      const picked = randomVariant(target, rng, touched, () => true);
      if (!picked) break;
      touched.add(picked.variant.id);
      const old = picked.variant.priceCents;
      // +-10..30 %, rounded to 10 cents, never equal to the old price nor zero.
      const factor = 1 + (rng.chance(0.5) ? 1 : -1) * (rng.int(10, 30) / 100);
      let next = Math.max(10, Math.round((old * factor) / 10) * 10);
      if (next === old) next = old + 100;
      plan.push({ variantId: picked.variant.id, priceCents: next });
    }
  }
  return plan.map(({ variantId, priceCents, compareAtCents }): FakeChange => {
    const { product, variant } = mutableVariant(target, variantId);
    const priceBefore = variant.priceCents;
    const compareBefore = variant.compareAtCents;
    variant.priceCents = priceCents;
    if (compareAtCents !== undefined) variant.compareAtCents = compareAtCents;
    variant.updated_at = now;
    product.updated_at = now;
    return {
      kind: "price_change",
      productId: product.id,
      handle: product.handle,
      variantId,
      priceBefore: formatCents(priceBefore),
      priceAfter: formatCents(variant.priceCents),
      compareAtPriceBefore: compareBefore === null ? null : formatCents(compareBefore),
      compareAtPriceAfter: variant.compareAtCents === null ? null : formatCents(variant.compareAtCents),
    };
  });
}

function pickIds<T extends { id: number }>(items: T[], rng: Rng, spec: number | number[] | undefined, what: string): Set<number> {
  if (Array.isArray(spec)) {
    for (const id of spec) if (!items.some((item) => item.id === id)) throw new Error(`${what}: no ${id}`);
    return new Set(spec);
  }
  const ids = new Set<number>();
  const wanted = Math.min(spec ?? 0, items.length);
  while (ids.size < wanted) ids.add((items[rng.int(0, items.length - 1)] as T).id);
  return ids;
}

function changePages(target: Target, rng: Rng, options: AdvanceOptions, now: string): FakeChange[] {
  const changes: FakeChange[] = [];
  const remove = pickIds(target.pages, rng, options.removePages, "removePages");
  for (const page of target.pages) if (remove.has(page.id)) changes.push({ kind: "page_removed", pageId: page.id, handle: page.handle });
  const pages = target.pages.filter((p) => !remove.has(p.id));
  let nextId = Math.max(PAGE_ID_BASE, ...target.pages.map((p) => p.id)) + 1;
  for (let i = 0; i < (options.addPages ?? 0); i++) {
    // Page ids are sequential, so the ordinal (and with it the handle) is unique too.
    const id = nextId++;
    const page = makePage(id, id - PAGE_ID_BASE - 1, target.settings, target.settings.nowMs);
    page.updated_at = page.created_at = page.published_at = now;
    pages.push(page);
    changes.push({ kind: "page_added", pageId: page.id, handle: page.handle });
  }
  target.pages = pages;
  return changes;
}

function changeCollections(target: Target, rng: Rng, options: AdvanceOptions, now: string): FakeChange[] {
  const changes: FakeChange[] = [];
  const remove = pickIds(target.collections, rng, options.removeCollections, "removeCollections");
  for (const c of target.collections)
    if (remove.has(c.id)) changes.push({ kind: "collection_removed", collectionId: c.id, handle: c.handle });
  // A new array (not an in-place edit): the catalog's membership cache is keyed by it.
  const collections = target.collections.filter((c) => !remove.has(c.id));
  let nextId = Math.max(0, ...target.collections.map((c) => c.id)) + 1;
  for (let i = 0; i < (options.addCollections ?? 0); i++) {
    const id = nextId++;
    const handles = target.catalog.size === 0 ? [] : [target.catalog.meta(randomLiveSlot(target, rng)).handle];
    const handle = `drop-${id}`;
    collections.push({
      id,
      title: `Drop ${id}`,
      handle,
      description: "",
      published_at: now,
      updated_at: now,
      image: null,
      rule: { handles },
    });
    changes.push({ kind: "collection_added", collectionId: id, handle });
  }
  target.collections = collections;
  return changes;
}
