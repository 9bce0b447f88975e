import { fieldStorage } from '@web/lib/storage.ts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface PageState {
  message: string | undefined;
  my_page_swiper_current: number;
  setMessage: (message: string | undefined) => void;
  setMyPageSwiperCurrent: (index: number) => void;
}

/** Per-tab UI state, kept in sessionStorage so it survives a reload but not a new tab. */
const storage = fieldStorage<Pick<PageState, 'message' | 'my_page_swiper_current'>>('session', {
  message: 'string',
  my_page_swiper_current: 'json',
});

export const usePageStore = create<PageState>()(
  persist(
    (set) => ({
      message: undefined,
      my_page_swiper_current: 0,
      setMessage: (message) => set({ message }),
      setMyPageSwiperCurrent: (my_page_swiper_current) => set({ my_page_swiper_current }),
    }),
    {
      name: 'page',
      storage,
      partialize: storage.partialize,
    },
  ),
);
