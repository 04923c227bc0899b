import { notFound } from "next/navigation";
import { isNotFound } from "./errors";

/** A page's read of one resource: the API's not_found becomes Next's 404 page. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}
