/**
 * The landing page FAQ (docs/PRODUCT.md "FAQ"): six questions, in this order.
 */
import type { FaqItemInput } from '../domain/entities.ts';

export const faqItems = [
  {
    question: "I'm new to this. Is this summit for me?",
    answer:
      'Absolutely. Whether you are just starting out or years into your practice, these conversations are designed to meet you exactly where you are. Our speakers share practical steps alongside soulful insight, so you can take what resonates and leave the rest.',
  },
  {
    question: 'How do I listen to the summit?',
    answer:
      'The summit is delivered as a private podcast feed, so you can listen in your favourite podcast app from {{summit_dates}}. After you register, keep an eye on your inbox for your personal feed link. Listen on a walk, in the car or curled up with a cup of tea, whenever suits your rhythm.',
  },
  {
    question: 'Are there replays?',
    answer:
      'Free access lets you listen during the three summit days. If you would love more time with the conversations, the Replay Pass or the All Access Pass gives you extended replay access, so you can revisit your favourite episodes at your own pace.',
  },
  {
    question: "Do I need to be 'woo' to enjoy this?",
    answer:
      'Not at all. Some of our speakers work with astrology, Reiki and sound, while others focus on money, marketing and podcasting. Come with curiosity and you will find plenty of grounded, practical wisdom alongside the more mystical conversations.',
  },
  {
    question: 'What does free access include?',
    answer:
      'Free access includes three days of summit access through the private podcast feed, a copy of our digital magazine and basic integration materials to help you put what you hear into practice. It costs nothing, and you can choose to upgrade later if you want more.',
  },
  {
    question: 'How is this different from other summits?',
    answer:
      'There are no live Zooms, no slideshows and no fluff. This is an audio-only summit of intimate, sacred business conversations that you can enjoy on your own schedule, without being glued to a screen.',
  },
] satisfies FaqItemInput[];
