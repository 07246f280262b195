/** Site footer: contacts and the shop's legal name. Content pages of spec §2 come with their own issue. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <strong>KIIM</strong>
          <p>Одежда для женщин и мужчин с доставкой по Казахстану.</p>
        </div>
        <div>
          <p>
            Служба заботы о покупателях: <a href="tel:+77272000000">+7 727 200 00 00</a>, ежедневно с 9:00 до 21:00
          </p>
          <p>© {new Date().getFullYear()} Kiim. Цены указаны в тенге с учётом НДС.</p>
        </div>
      </div>
    </footer>
  );
}
