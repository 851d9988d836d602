/**
 * The CBOR codec for mdoc structures: @owf/mdoc's (cbor-x with the mdoc tags: 24 embedded CBOR,
 * 0 tdate, 1004 full-date), which verification takes from that library (ADR 048), and its issuer
 * builder, which the DVLA's mDL issuance takes (ADR 053).
 *
 * Importing @owf/mdoc sets zod's GLOBAL error map as a side effect (`z.config({ customError })`,
 * from zod-validation-error): every zod message in the process would change wording. Our API's
 * refusals are worded from zod's own English (server/verification/validation-words.ts), so the
 * product imports @owf/mdoc here only, and puts zod's own messages back at once.
 */
import {
  CoseKey,
  cborDecode,
  cborEncode,
  DataItem,
  DateOnly,
  DeviceKey,
  Issuer,
  type MdocContext,
  SignatureAlgorithm,
} from "@owf/mdoc";
import * as z from "zod";

z.config({ customError: undefined });

/** The issuer's side (core/mdoc/issue.ts, ADR 053): the DVLA builds its mDL with the library, our key signing. */
export { CoseKey, cborDecode, cborEncode, DataItem, DateOnly, DeviceKey, Issuer, type MdocContext, SignatureAlgorithm };
