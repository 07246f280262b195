import type { ContentPage, ContentPart } from '@kiim/contract';
import type { MapConfig } from '../../lib/root-data.ts';
import { DeliveryCities, DeliveryTerms, PaymentMethods } from './DeliveryBlocks.tsx';
import { SellerDetailsBlock } from './SellerDetailsBlock.tsx';
import { Stores } from './Stores.tsx';

/** One data block of a page (content.schema.ts CONTENT_BLOCKS), drawn from the page's data. */
function Block({
  block,
  page,
  map,
}: {
  block: Extract<ContentPart, { kind: 'block' }>['block'];
  page: ContentPage;
  map: MapConfig | null;
}) {
  switch (block) {
    case 'delivery-cities':
      return <DeliveryCities cities={page.cities} />;
    case 'delivery-terms':
      return <DeliveryTerms />;
    case 'payment-methods':
      return <PaymentMethods />;
    case 'stores':
      return <Stores cities={page.cities} map={map} />;
    case 'seller-details':
      return <SellerDetailsBlock seller={page.seller} />;
  }
}

/**
 * The body of an information page in order: the HTML the API rendered from the stored Markdown (raw HTML off
 * there, so it is safe to insert) and the blocks drawn from data between its parts.
 */
export function ContentParts({ page, map }: { page: ContentPage; map: MapConfig | null }) {
  return (
    <>
      {page.parts.map((part, i) =>
        part.kind === 'html' ? (
          <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <Block key={i} block={part.block} page={page} map={map} />
        ),
      )}
    </>
  );
}
